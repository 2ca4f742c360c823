import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { darkTheme, seriousViolations } from '../support/axe';

/**
 * The history screens of the companion build: a fast virtual DTU (600 times faster, a
 * frame every device minute) lives through an evening and past midnight while the
 * companion records it; the history page then shows yesterday's curve, the day's energy,
 * the month's bars and the CSVs. The device's own build has none of it.
 */

// 600 times faster: midnight comes 48 s after the start, the next one 192 s after it.
test.use({ emulatorArgs: ['--time', '2026-06-20T16:00', '--speed', '600', '--push-interval', '100'] });
test.describe.configure({ timeout: 180_000 });
test.skip(({ through }) => through !== 'companion', 'the history screens exist only behind the companion');

const YESTERDAY = '2026-06-20';
const TODAY = '2026-06-21';

/** Waits until the recorder has the evening and the device's clock passed midnight. */
async function recordedEvening(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = (await (await page.request.get('/api/ntp/status')).json()) as {
          ntp_localtime: string;
        };
        return / 21 2026 /.test(status.ntp_localtime);
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
}

/**
 * Points at a share of a plot's width, half-way down, once the plot stands still: it may
 * still be scrolling into view (the page scrolls smoothly, also to a focused element),
 * and a point measured before would land beside it.
 */
async function pointAt(plot: Locator, share: number): Promise<void> {
  const { width, height } = (await plot.boundingBox())!;
  await plot.hover({ position: { x: width * share, y: height / 2 } });
}

const download = async (page: Page, click: () => Promise<void>): Promise<string> => {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile((await file.path())!, 'utf8');
};

test('yesterday from the recorder: its curve, energy, the month bars, CSVs, on a phone too', async ({
  page,
}) => {
  await recordedEvening(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  // The menu names the history once the companion answered.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const day = page.getByLabel('Day', { exact: true });
  await expect(day).toHaveValue(TODAY);
  await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(day).toHaveValue(YESTERDAY);
  // The day is in the address: a reload (or a bookmark) shows it again.
  await expect(page).toHaveURL(new RegExp(`/history\\?day=${YESTERDAY}$`));
  await page.reload();
  await expect(day).toHaveValue(YESTERDAY);
  const chart = page.locator('.power-chart');
  await expect(chart.getByRole('heading')).toHaveText('Power on June 20, 2026');
  // The read-out at the peak's minute (the recorder started when the companion did, some
  // device minutes after 16:00) shows that power.
  const summary = (await chart.locator('[data-chart-summary]').textContent())!;
  const [, peak, hh, mm] = /^Peak ([\d,]+) W at (\d\d):(\d\d)\.$/.exec(summary)!;
  await pointAt(chart.locator('.chart-area'), (Number(hh) * 60 + Number(mm)) / 1440);
  await expect(chart.locator('[data-chart-readout]')).toHaveText(`At ${hh}:${mm}`);
  await expect(chart.getByText(/^Total: /)).toHaveText(`Total: ${peak} W`);
  const dayEnergy = (await page.locator('[data-day-energy]').textContent())!.replace(
    'Energy on this day: ',
    '',
  );
  expect(dayEnergy).toMatch(/^[\d.]+ kWh$/);

  // The day's power as the API's CSV: every inverter's rows of that evening.
  const powerCsv = await download(page, () => chart.getByRole('button', { name: 'Download CSV' }).click());
  expect(powerCsv.split('\n')[0]).toMatch(/^time,serial,ac_w,dc1_w/);
  expect(powerCsv).toMatch(new RegExp(`\\n2026-06-20T${hh}:\\d\\d:\\d\\d\\+02:00,\\d{12},\\d`));

  // The month's bars: 20 June holds the day's energy; the summary says it in words.
  const energy = page.locator('section', { has: page.getByRole('heading', { name: 'Energy' }) });
  await expect(energy.locator('[data-energy-period]')).toHaveText('June 2026');
  await expect(energy.locator('[data-energy-summary]')).toContainText(`June 2026: `);
  await expect(energy.locator('[data-energy-summary]')).toContainText(`best day June 20, 2026: ${dayEnergy}`);
  const bars = energy.getByRole('slider', { name: /Energy bars/ });
  await bars.focus();
  await page.keyboard.press('Home');
  for (let i = 1; i < 20; i += 1) await page.keyboard.press('ArrowRight');
  await expect(energy.locator('[data-energy-readout]')).toHaveText(
    new RegExp(`^June 20, 2026: ${dayEnergy} \\(`),
  );
  await expect(bars).toHaveAttribute('aria-valuetext', new RegExp(`^June 20, 2026: ${dayEnergy}`));
  // The middle of the 21st of 30 bars.
  await pointAt(energy.locator('.chart-area'), 20.5 / 30);
  await expect(energy.locator('[data-energy-readout]')).toHaveText(/^June 21, 2026: /);
  const energyCsv = await download(page, () => energy.getByRole('button', { name: 'Download CSV' }).click());
  const wh = Number(dayEnergy.replace(' kWh', '')) * 1000;
  const row = energyCsv.split('\n').find((line) => line.startsWith(`${YESTERDAY},`))!;
  expect(energyCsv.split('\n')[0]).toMatch(/^period,total_wh,\d{12}_wh/);
  expect(Math.abs(Number(row.split(',')[1]) - wh)).toBeLessThanOrEqual(50);

  // One inverter instead of all; the year view by month.
  const first = energy.getByLabel('Inverter');
  await first.selectOption({ index: 1 });
  await expect(energy.locator('[data-energy-totals] li')).toHaveCount(1);
  await energy.getByLabel('Show').selectOption('month');
  await expect(energy.locator('[data-energy-period]')).toHaveText('2026');
  await page.screenshot({ path: test.info().outputPath('history-desktop.png'), fullPage: true });

  // Previous day once more: nothing was recorded then, and it says so.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(day).toHaveValue('2026-06-19');
  await expect(page.getByText('Nothing was recorded on this day.')).toBeVisible();
  await day.fill(YESTERDAY);
  await expect(chart.getByRole('heading')).toHaveText('Power on June 20, 2026');

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(chart.locator('.chart-area')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('history-phone.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the live view starts with the whole recorded day: "Peak today"', async ({ page }) => {
  await recordedEvening(page);
  // Today began at midnight while nobody watched; the morning so far comes from the recorder.
  await page.goto('/');
  await expect(page.locator('.power-chart [data-chart-summary]')).toHaveText(/^Peak today /, {
    timeout: 20_000,
  });
  await expect(page.getByText('Past days are kept by the companion server.')).toHaveCount(0);
});

test('the device build holds no history screen, the companion build does', async () => {
  const app = (folder: string) =>
    readFile(new URL(`../../apps/web/${folder}/js/app.js.gz`, import.meta.url)).then((gz) =>
      gunzipSync(gz).toString(),
    );
  const [device, companion] = await Promise.all([app('dist'), app('dist-companion')]);
  // The route as a string literal, in whatever quotes the minifier chose.
  for (const text of [
    /companion\/api\/power/,
    /companion\/api\/energy/,
    /["'`]\/history["'`]/,
    /All inverters/,
  ]) {
    expect(device).not.toMatch(text);
    expect(companion).toMatch(text);
  }
});
