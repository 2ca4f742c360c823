import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { EnergyAnswer, MeterAnswer } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { launchCompanion } from '../../apps/companion/src/launch';
import { ADMIN } from '../support/device';
import { startEmulator, type RunningEmulator } from '../support/emulator';
import { expect, test as base } from '../support/fixtures';
import { darkTheme, seriousViolations } from '../support/axe';

/**
 * The grid meter of the companion build (issue 45), against the companion in front of the
 * virtual DTU's simulated house (--household) with its meter given by --meter, at ten times
 * real speed from a sunny noon: the live flow beside the totals, a meter that stops
 * answering (its age, then no reading, never 0 W), the day's flow on the history page with
 * its CSV, and the meter's own screen. What is checked is what the owner sees.
 */
async function startHouse(args: string[]): Promise<RunningEmulator & { meter: string; faults: string }> {
  const device = await startEmulator(['--household', '--meter-port', '0', ...args]);
  const meterAt = () => /meter listening on (\S+)/.exec(device.output())?.[1];
  await expect.poll(meterAt, { timeout: 20_000 }).toBeTruthy();
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-meter-'));
  const companion = await launchCompanion({
    args: [
      ...['--device', device.url, '--data', dataDir, '--password', ADMIN.password],
      ...['--speed', args[args.indexOf('--speed') + 1]!],
      ...['--meter', `shelly-pro-3em:${meterAt()}`],
    ],
  });
  return {
    ...device,
    url: companion.url,
    meter: meterAt()!,
    faults: new URL('emulator/faults', device.url).href,
    stop: async () => {
      await companion.stop();
      await device.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const test = base.extend<object, { emulator: RunningEmulator & { meter: string; faults: string } }>({
  emulator: [
    async ({ emulatorArgs }, use) => {
      const running = await startHouse(emulatorArgs);
      await use(running);
      await running.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

// A fixed house under a clear sky, and ten inverters: noon gives more than the house takes
// in every run (drawn from the DTU serial, new with each data folder, both would vary).
test.use({
  emulatorArgs: [
    ...['--time', '2026-06-21T12:00', '--speed', '10', '--inverters', '10'],
    ...['--household-seed', '32', '--weather', 'clear'],
  ],
});
test.describe.configure({ timeout: 180_000 });
test.skip(({ through }) => through !== 'companion', 'the grid meter exists only behind the companion');

const meterNow = async (page: Page): Promise<MeterAnswer> =>
  (await (await page.request.get('/companion/api/meter')).json()) as MeterAnswer;

const setFault = async (url: string, body: object | undefined): Promise<void> => {
  const answer = body
    ? await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    : await fetch(url, { method: 'DELETE' });
  expect(answer.ok).toBe(true);
};

test('the flow beside the live totals: watts on each path, the surplus in words, phone and dark', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Where the power goes now' });
  await expect(card).toHaveAttribute('data-flow-card', 'fresh', { timeout: 30_000 });
  // A sunny noon in June: the inverters give more than the house takes.
  await expect(card.locator('[data-flow-surplus]')).toHaveText(
    /^[\d.,]+ k?W to spare: it goes into the grid\.$/,
  );
  const paths = card.locator('[data-flow-paths] li');
  await expect(paths).toHaveText([
    /^Sun to house: [\d.,]+ k?W$/,
    /^Sun to grid: [\d.,]+ k?W$/,
    /^Grid to house: 0 W$/,
  ]);
  // The picture: the paths that carry power are solid with an arrow, the idle one dashed.
  await expect(card.locator('[data-flow-path="sun-grid"]')).toHaveAttribute('data-active', 'yes');
  await expect(card.locator('[data-flow-path="grid-house"]')).toHaveAttribute('data-active', 'no');
  await expect(card.locator('[data-flow-path="sun-grid"] path')).toHaveAttribute('marker-end', /url\(#/);
  // The words and the picture say the same watts.
  const toGrid = /Sun to grid: (.*)$/.exec((await paths.nth(1).textContent())!)![1]!;
  await expect(card.locator('[data-flow-path="sun-grid"] text')).toHaveText(toGrid);
  await page.screenshot({ path: test.info().outputPath('flow-desktop.png') });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.screenshot({ path: test.info().outputPath('flow-phone.png') });
  expect(await seriousViolations(page)).toEqual([]);
  // The owner's choice of theme (the live page's online marker pulses for ever: no waiting for
  // every animation to end, as darkTheme does).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(card).toHaveAttribute('data-flow-card', 'fresh', { timeout: 30_000 });
  await card.screenshot({ path: test.info().outputPath('flow-phone-dark.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a meter that stops answering shows its age, then no reading, never 0 W; back, it reads again', async ({
  page,
  emulator,
}) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Where the power goes now' });
  await expect(card).toHaveAttribute('data-flow-card', 'fresh', { timeout: 30_000 });
  await setFault(emulator.faults, { fault: 'meter-silent' });
  try {
    // 10 device seconds without a reading: the last one with its age.
    await expect(card).toHaveAttribute('data-flow-card', 'old', { timeout: 30_000 });
    await expect(card.locator('[data-flow-age]')).toHaveText(/^Last meter reading \d+ s ago\.$/);
    await expect(card.locator('[data-flow-surplus]')).not.toHaveText(/^$/);
    // A minute of the device's: no reading, and no watts on the meter's paths.
    await expect(card).toHaveAttribute('data-flow-card', 'none', { timeout: 30_000 });
    await expect(card.locator('[data-flow-surplus]')).toHaveText(
      /^No reading: the meter has not answered since \d\d:\d\d\.$/,
    );
    for (const path of ['sun-grid', 'sun-house', 'grid-house'])
      await expect(card.locator(`[data-flow-path="${path}"] text`)).toHaveText('–');
    await expect(card.locator('[data-flow-node="grid"] + text')).not.toContainText('0 W');
    expect(await meterNow(page)).toMatchObject({ state: 'none', power_w: null });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await setFault(emulator.faults, undefined);
  }
  await expect(card).toHaveAttribute('data-flow-card', 'fresh', { timeout: 30_000 });
  await expect(card.locator('[data-flow-paths] li')).toHaveCount(3);
});

test("the day's flow on the history page adds up, with its CSV; the month's flow below the energy", async ({
  page,
}) => {
  // Some device minutes of readings (10 a real second), so the day has slots with energy.
  await expect
    .poll(async () => (await meterNow(page)).today?.exported_wh ?? 0, { timeout: 60_000 })
    .toBeGreaterThan(20);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/history');
  const flow = page.getByRole('region', { name: /^Energy flow on / });
  await expect(flow).toBeVisible({ timeout: 30_000 });
  const figure = async (name: string): Promise<number> =>
    Number((await flow.locator(`[data-flow-figure="${name}"]`).textContent())!.replace(/[^\d.]/g, ''));
  for (const name of ['produced', 'self-used', 'exported', 'imported', 'consumption'])
    await expect(flow.locator(`[data-flow-figure="${name}"]`)).toHaveText(/^[\d.,]+ kWh$/);
  await expect(flow.locator('[data-flow-figure="self-consumption"]')).toHaveText(
    /^[\d.,]+\s?% of the sun's energy used at home \([\d.,]+ kWh\)$/,
  );
  // The day's sums, to the watt-hour in the API and to the shown tenth of a kWh on screen.
  const { periods } = (await (
    await page.request.get('/companion/api/energy?by=day&from=2026-06-21&to=2026-06-21')
  ).json()) as EnergyAnswer;
  const [day] = periods;
  expect(Math.abs(day!.produced_wh! - day!.self_used_wh! - day!.exported_wh!)).toBeLessThanOrEqual(1);
  expect(Math.abs(day!.consumption_wh! - day!.self_used_wh! - day!.imported_wh!)).toBeLessThanOrEqual(1);
  expect(
    Math.abs((await figure('produced')) - (await figure('self-used')) - (await figure('exported'))),
  ).toBeLessThanOrEqual(0.11);
  // The bars read out a slot.
  const bars = flow.locator('.chart-plot');
  await bars.focus();
  await page.keyboard.press('End');
  await expect(flow.locator('[data-energy-readout]')).toHaveText(
    /^\d\d:\d\d: .* from the sun, .* from the grid, .* fed in$/,
  );
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    flow.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('time,produced_wh,self_used_wh,exported_wh,imported_wh,consumption_wh');
  expect(csv.split('\r\n')[1]).toMatch(/^2026-06-21T\d\d:\d\d:00\+02:00,/);
  // The month: the energy view's flow in sum.
  const month = page.locator('[data-flow-period]');
  await expect(month.getByRole('heading')).toHaveText('Energy flow, June 2026');
  await expect(month.locator('[data-flow-figure="produced"]')).toHaveText(/^[\d.,]+ kWh$/);
  await page.screenshot({ path: test.info().outputPath('history-desktop.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the meter's screen: its reading and settings; none turns the flow off, set again it is back", async ({
  loggedIn: page,
  emulator,
}) => {
  await page.goto('/meter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grid meter');
  const now = page.getByRole('region', { name: 'The meter now' });
  await expect(now).toContainText(/(Taking|Feeding) [\d.,]+ k?W (from|into) the grid/);
  await expect(now).toContainText("the meter's own counters");
  const settings = page.locator('[data-meter-settings]');
  await expect(settings).toContainText("From the companion's --meter option");
  const on = settings.getByRole('switch', { name: 'Read a grid meter' });
  await expect(on).toBeChecked();
  await expect(settings.getByLabel('Meter type')).toHaveValue('shelly-pro-3em');
  await expect(settings.getByLabel('Address', { exact: true })).toHaveValue(`${emulator.meter}/`);
  expect(await seriousViolations(page)).toEqual([]);

  await on.uncheck();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Settings saved.');
  await expect(settings).toContainText('Saved here (meter.json');
  // No meter: no flow beside the live totals, and the history says where to set one.
  await page.goto('/');
  await expect(page.locator('[data-live-totals]')).toBeVisible();
  await expect(page.locator('[data-flow-card]')).toHaveCount(0);
  await page.goto('/history');
  await page.locator('[data-meter-hint]').getByRole('link', { name: 'Set up the grid meter' }).click();
  await expect(page).toHaveURL(/\/meter$/);

  // Tasmota this time, its counters the utility meter's own.
  await on.check();
  await settings.getByLabel('Meter type').selectOption({ label: 'Tasmota with an SML reader' });
  await settings.getByLabel('Address', { exact: true }).fill(emulator.meter);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Settings saved.');
  await expect(now).toContainText(/(Taking|Feeding) [\d.,]+ k?W (from|into) the grid/, { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the device build holds none of it, the companion build does', async () => {
  const read = async (dist: string) =>
    gunzipSync(await readFile(new URL(`../../apps/web/${dist}/js/app.js.gz`, import.meta.url))).toString();
  expect(await read('dist')).not.toContain('companion/api/meter');
  expect(await read('dist-companion')).toContain('companion/api/meter');
});
