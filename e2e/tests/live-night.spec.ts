import type { NtpStatus } from '@opendtu/api';
import { expect, test } from '../support/fixtures';

// 23:50 at the device, after its (nautical) sunset: night by the device's own sun period.
// The emulator has lived through the day before answering.
test.use({ emulatorArgs: ['--time', '2026-06-21T23:50'] });

test("at night: today's yield, inverters asleep (not faulty) with the age of their last values", async ({
  page,
  device,
}) => {
  await page.goto('/');
  const yieldToday = page.locator('[data-total="TotalYieldDay"]');
  await expect(yieldToday).toHaveText(/ k?Wh$/);
  const text = (await yieldToday.textContent())!;
  const wh = Number(text.replace(/[^\d.]/g, '')) * (text.endsWith('kWh') ? 1000 : 1);
  expect(wh).toBeGreaterThan(1000);
  await expect(page.locator('[data-total="TotalPower"]')).toHaveText(/^0(\.0)? W$/);

  // Asleep in a neutral colour, in words, on every inverter: not the red of "Not reachable".
  const pills = page.getByRole('group', { name: 'Inverter' }).locator('[data-state]');
  await expect(pills).toHaveCount(3);
  for (const badge of await pills.all()) {
    await expect(badge).toHaveAttribute('data-state', 'asleep');
    await expect(badge).toContainText('Asleep (night)');
    await expect(badge).toHaveClass(/text-bg-secondary/);
  }
  await expect(page.locator('#inverter-title [data-state]')).toContainText('Asleep (night)');

  // The last values came in around sunset: a duration in hours, with the time they were
  // taken on the device's clock (its date, not the browser's).
  const age = page.locator('[data-age]');
  await expect(age).toHaveText(/^Updated \d+ hr( \d+ min)? ago \(06\/21\/2026, \d\d:\d\d:\d\d\)$/);
  expect(Number(await age.getAttribute('data-age'))).toBeGreaterThan(3600);

  // The chart draws on the device's hours and says what it covers.
  const status = await device.get<NtpStatus>('api/ntp/status');
  expect(status.sun_isDayPeriod).toBe(false);
  const deviceMinute = /(\d\d:\d\d):\d\d$/.exec(status.ntp_localtime)![1]!;
  await expect(page.locator('[data-chart-readout]')).toHaveText(/^Now, 23:5\d$/);
  const shown = (await page.locator('[data-chart-readout]').textContent())!.slice(5);
  expect(Math.abs(minutes(shown) - minutes(deviceMinute))).toBeLessThanOrEqual(1);
  await expect(page.locator('[data-chart-summary]')).toHaveText(/^Since 23:5\d: peak 0 W at 23:5\d\.$/);
});

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

// Issue 34: the header of a sleeping inverter ("☾ Schläft (Nacht) · 0 W" beside its name)
// is the longest it gets; on a 320 px phone it wraps instead of widening the page.
for (const locale of ['de', 'en', 'fr']) {
  test(`at night on a 320 px phone in ${locale}, the inverter header stays inside the page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.addInitScript((wanted) => localStorage.setItem('locale', wanted), locale);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('#inverter-title [data-state]')).toHaveAttribute('data-state', 'asleep');
    await expect(page.locator('#inverter-title')).toContainText(/\S/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
    const title = await page.locator('#inverter-title').boundingBox();
    expect(title!.x + title!.width).toBeLessThanOrEqual(320);
  });
}
