import type { DtuConfig, LimitStatusMap, PowerStatusMap } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Issue 23 with the ten-inverter installation: 10 x HMT-2250-6T, 60 strings, at noon.
test.use({ emulatorArgs: ['--inverters', '10', '--time', '2026-06-21T12:00'] });

const SERIALS = Array.from({ length: 10 }, (_, i) => `1382912345${String(i * 2 + 1).padStart(2, '0')}`);

/** Pixels the page scrolls sideways (0 when nothing sticks out). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openOverview(page: Page): Promise<void> {
  await page.goto('/overview');
  await expect(page.locator('[data-inverter]')).toHaveCount(10);
  // Every inverter's channels arrive with its first full answer.
  await expect(page.locator('[data-string]')).toHaveCount(60, { timeout: 20_000 });
}

test('the whole plant on one screen: ten inverters, sixty strings, totals, no sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openOverview(page);
  const first = page.locator(`[data-inverter="${SERIALS[0]}"]`);
  await expect(first).toContainText('Producing');
  await expect(first).toContainText(/Power\s*[\d,.]+ W/);
  await expect(first).toContainText(/Yield today\s*[\d,.]+ Wh/);
  await expect(first).toContainText(/Current limit\s*2,250 W \| 100 %/);
  await expect(first).toContainText(/Temperature\s*[\d.]+ °C/);
  // The data age as a duration, as the live view says it (not "249 seconds").
  await expect(first.locator('[data-age]')).toHaveText(/^(\d+ min )?\d+ sec$/);
  await expect(first).toContainText(/Peak since \d\d:\d\d\s*[\d,]+ W · \d\d:\d\d/);
  // Bars carry their figure for screen readers: AC power against the rated 2,250 W, strings per Wp.
  await expect(first.getByRole('progressbar', { name: 'Power' })).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(first.getByRole('progressbar', { name: 'String 1: Irradiation' })).toBeVisible();
  await expect(page.locator('[data-totals]')).toContainText(/Total\s*Power\s*[\d,.]+ k?W/);
  expect(await sideways(page)).toBe(0);

  // Sorting by power puts the strongest first; by name, "HMT-2250 10" comes after "HMT-2250 1".
  await page.getByLabel('Sort by').selectOption({ label: 'Name' });
  await expect(page.locator('[data-inverter]').nth(1)).toHaveAttribute('data-inverter', SERIALS[9]!);

  // Selecting an inverter opens its detail in the live view.
  await page.getByRole('link', { name: 'HMT-2250 3', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?inv=${SERIALS[2]}$`));
  await expect(page.locator('#inverter-title')).toContainText('HMT-2250 3');
  await expect(page.locator('[data-channel="DC0"] [data-peak]')).toHaveText(/[\d,]+ W · \d\d:\d\d/);

  // A phone: compact cards, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await openOverview(page);
  expect(await sideways(page)).toBe(0);
});

test('one limit for the plant: split by rated power, sent to every inverter, each confirmation shown', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(120_000);
  await openOverview(page);
  await page.getByRole('button', { name: 'Set limit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Power limit' });
  // Nothing is sent while the preview shows an error.
  await dialog.getByLabel('New limit (W)').fill('30000');
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  await expect(dialog.getByText('Enter a number from 0 to 22500.')).toBeVisible();
  await expect(dialog.locator('[data-command]')).toHaveCount(0);

  await dialog.getByLabel('New limit (W)').fill('9001');
  const values = dialog.locator('[data-part] [data-value]');
  await expect(values).toHaveText(Array.from({ length: 10 }, (_, i) => (i === 0 ? '901 W' : '900 W')));
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  // Each row follows its inverter's acknowledgement (a lost radio packet is re-sent by the DTU).
  await expect(dialog.locator('[data-part] [data-set-status="Ok"]')).toHaveCount(10, { timeout: 90_000 });

  const status = await device.get<LimitStatusMap>('api/limit/status');
  SERIALS.forEach((serial, i) => {
    expect(status[serial]!.limit_set_status).toBe('Ok');
    expect(status[serial]!.limit_relative).toBeCloseTo(((i === 0 ? 901 : 900) / 2250) * 100, 1);
  });
  // The overview shows the requested value beside the current one.
  await page.keyboard.press('Escape');
  await expect(page.locator(`[data-inverter="${SERIALS[1]}"]`)).toContainText(/Requested: 900 W\s*Done/);
});

test.describe('with a device of its own', () => {
  test.use({ fresh: true });

  test('an inverter that does not answer shows Failure and can be retried', async ({
    loggedIn: page,
    device,
  }) => {
    test.setTimeout(120_000);
    // A long poll interval keeps the DTU from re-sending the failed command itself first.
    const dtu = await device.get<DtuConfig>('api/dtu/config');
    await device.post('api/dtu/config', { ...dtu, pollinterval: 3600 });
    await openOverview(page);
    await page.getByRole('button', { name: 'Set limit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Power limit' });
    await dialog.getByRole('checkbox', { name: 'All' }).uncheck();
    await dialog.getByLabel('HMT-2250 1', { exact: true }).check();
    await dialog.getByLabel('HMT-2250 2', { exact: true }).check();
    await dialog.getByRole('radio', { name: 'Equally' }).check();
    await dialog.getByLabel('New limit (W)').fill('2000');

    // A restart leaves the first inverter deaf for a few seconds: the limit goes unanswered.
    await device.post('api/power/config', { serial: SERIALS[0], restart: true });
    await expect
      .poll(async () => (await device.get<PowerStatusMap>('api/power/status'))[SERIALS[0]!]?.power_set_status)
      .toBe('Ok');
    await dialog.getByRole('button', { name: 'Set until restart' }).click();
    const first = dialog.locator(`[data-part="${SERIALS[0]}"]`);
    await expect(dialog.locator(`[data-part="${SERIALS[1]}"] [data-set-status]`)).toHaveText('Done', {
      timeout: 15_000,
    });
    await expect(first.locator('[data-set-status]')).toHaveText('Failed', { timeout: 30_000 });
    await expect(first).toContainText('Not confirmed yet: the inverter does not answer');

    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(first.locator('[data-set-status]')).toHaveText('Done', { timeout: 15_000 });
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeHidden();
    const status = (await device.get<LimitStatusMap>('api/limit/status'))[SERIALS[0]!]!;
    expect(status).toMatchObject({ limit_set_status: 'Ok' });
    expect(status.limit_relative).toBeCloseTo((1000 / 2250) * 100, 1);
  });
});
