import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LimitStatusMap, LiveDataResponse, NetworkConfig } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { launchCompanion, type LaunchedCompanion } from '../../apps/companion/src/launch';
import { darkTheme, seriousViolations } from '../support/axe';
import { ADMIN, DeviceClient } from '../support/device';
import { startEmulator, type RunningEmulator } from '../support/emulator';
import { expect, test as base } from '../support/fixtures';

/**
 * One companion in front of three virtual DTUs, each its own process (issue 33): roof
 * with the three demo inverters, barn with two six-string ones on v24.10.15, shed with one
 * on v26.3.30 that barn also has (a duplicate). What the owner sees on the plant page at
 * the root, in each device's own app under /dtu/NAME/, and when a device goes away.
 */
interface Plant {
  url: string;
  devices: Record<'roof' | 'barn' | 'shed', RunningEmulator>;
  companion: LaunchedCompanion;
}

const NOON = ['--time', '2026-06-02T12:00'];

const test = base.extend<object, { plant: Plant }>({
  plant: [
    // Playwright reads the fixtures a fixture needs from this pattern: it needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const [roof, barn, shed] = await Promise.all([
        startEmulator(NOON),
        startEmulator([...NOON, '--inverters', '2', '--firmware', 'v24.10.15']),
        startEmulator([...NOON, '--inverters', '1', '--firmware', 'v26.3.30']),
      ]);
      const devices = { roof: roof!, barn: barn!, shed: shed! };
      const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-plant-'));
      const companion = await launchCompanion({
        args: [
          ...Object.entries(devices).flatMap(([name, device]) => ['--device', `${name}=${device.url}`]),
          ...['--password', ADMIN.password, '--data', dataDir],
        ],
      });
      await use({ url: companion.url, devices, companion });
      await companion.stop();
      await Promise.all(Object.values(devices).map((device) => device.stop()));
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Logged in the way the app keeps it: the plant and every device's app share it (one origin). */
async function logIn(page: Page): Promise<void> {
  const authdata = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
  await page.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));
}

const inverterRows = (page: Page) => page.getByRole('table', { name: 'Inverters' }).locator('tbody tr');

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('the plant at the root: every device, sums equal to the devices’ own, every inverter by device, the duplicate', async ({
  page,
  plant,
}) => {
  await page.goto(`${plant.url}/`);
  await expect(page).toHaveURL(`${plant.url}/plant`);
  await expect(page.getByRole('heading', { name: 'Plant', level: 1 })).toBeVisible();
  const devices = page.getByRole('region', { name: 'Devices' });
  for (const [name, firmware] of [
    ['roof', 'v25.4.10'],
    ['barn', 'v24.10.15'],
    ['shed', 'v26.3.30'],
  ] as const) {
    await expect(devices.getByRole('link', { name })).toBeVisible();
    await expect(devices.getByText(firmware)).toBeVisible();
  }
  await expect(devices.getByText('Online')).toHaveCount(3);

  // The total yield shown is the sum of what each device reports itself.
  const total = page.locator('[data-totals] dd').nth(2);
  await expect
    .poll(
      async () => {
        const own = await Promise.all(
          Object.values(plant.devices).map((device) =>
            new DeviceClient(device.url).get<LiveDataResponse>('api/livedata/status'),
          ),
        );
        const sum = own.reduce((all, answer) => all + answer.total.YieldTotal.v, 0);
        return (await total.textContent())?.replace(/[^\d]/g, '') === String(Math.round(sum));
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  await expect(inverterRows(page)).toHaveCount(6);
  await page.getByLabel('Device', { exact: true }).selectOption('barn');
  await expect(inverterRows(page)).toHaveCount(2);
  await expect(inverterRows(page).first()).toContainText('138291234501');
  await page.getByLabel('Device', { exact: true }).selectOption('');
  await expect(inverterRows(page)).toHaveCount(6);
  // Sorting by power: the largest first, then, pressed again, the smallest.
  const watts = async () =>
    (await inverterRows(page).locator('td:nth-child(3)').allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
  const power = page.getByRole('button', { name: 'Power' });
  await power.click();
  await expect(page.getByRole('columnheader', { name: 'Power' })).toHaveAttribute('aria-sort', 'descending');
  const down = await watts();
  expect(down).toHaveLength(6);
  // Values move every second; one reading (one evaluation) holds the table as it was drawn.
  expect(down).toEqual([...down].sort((a, b) => b - a));
  await power.click();
  await expect(page.getByRole('columnheader', { name: 'Power' })).toHaveAttribute('aria-sort', 'ascending');

  await expect(page.getByText('An inverter is registered on more than one DTU')).toBeVisible();
  await expect(page.getByText('138291234501 is polled by barn and shed.')).toBeVisible();
});

test('on a phone the plant and its history fit the width, and axe finds nothing in either theme', async ({
  page,
  plant,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  for (const path of ['plant', 'plant/history']) {
    await page.goto(`${plant.url}/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await darkTheme(page);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('the plant history: the day of the devices, each device in a colour of its own', async ({
  page,
  plant,
}) => {
  // Opened once the devices' first minutes are recorded (the page does not follow today live).
  await expect
    .poll(
      async () => {
        const answer = (await (
          await fetch(`${plant.url}/companion/api/plant/power?date=2026-06-02`)
        ).json()) as {
          points: { devices: Record<string, number | null> }[];
        };
        return answer.points.some((point) => Object.values(point.devices).every((watts) => watts !== null));
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.goto(`${plant.url}/plant/history`);
  // The devices' day (their clocks say 2 June), not this machine's.
  await expect(page.getByLabel('Day')).toHaveValue('2026-06-02');
  await expect(page.getByText(/^Highest sum [\d,]+ W at \d\d:\d\d\.$/)).toBeVisible();
  // The swatches beside each device's energy: one per device, whatever it recorded yet.
  const fills = await page
    .locator('[data-energy-totals] svg rect')
    .evaluateAll((rects) => [...new Set(rects.map((rect) => getComputedStyle(rect).fill))]);
  expect(fills.filter((fill) => fill !== 'rgb(0, 0, 0)').length).toBeGreaterThanOrEqual(3);
});

test('each device’s own app from the plant: a setting saved and a limit set reach that device only', async ({
  page,
  plant,
}) => {
  await logIn(page);
  await page.goto(`${plant.url}/plant`);
  await page.getByRole('button', { name: 'Devices' }).click();
  await page.getByRole('link', { name: 'barn' }).first().click();
  await expect(page).toHaveURL(`${plant.url}/dtu/barn/`);
  await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached();
  // And back: the device's app has the way to the plant in its bar.
  await page.getByRole('link', { name: 'Plant' }).click();
  await expect(page).toHaveURL(`${plant.url}/plant`);
  await page.goto(`${plant.url}/dtu/barn/`);

  const barn = new DeviceClient(plant.devices.barn.url);
  const roof = new DeviceClient(plant.devices.roof.url);
  const roofName = (await roof.get<NetworkConfig>('api/network/config')).hostname;
  await page.goto(`${plant.url}/dtu/barn/settings/network`);
  await page.getByLabel('Network name (SSID)').fill('barn-wifi');
  await page.getByLabel('Host name').fill('dtu-barn');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  expect(await barn.get<NetworkConfig>('api/network/config')).toMatchObject({
    ssid: 'barn-wifi',
    hostname: 'dtu-barn',
  });
  expect((await roof.get<NetworkConfig>('api/network/config')).hostname).toBe(roofName);

  const serial = '138291234503';
  await page.goto(`${plant.url}/dtu/barn/?inv=${serial}`);
  await page.getByRole('button', { name: 'Set limit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New limit (%)').fill('40');
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await barn.get<LimitStatusMap>('api/limit/status'))[serial], { timeout: 30_000 })
    .toMatchObject({ limit_relative: 40, limit_set_status: 'Ok' });
});

test('one limit for the plant: split by rated power over every device, each part acknowledged by its own', async ({
  page,
  plant,
}) => {
  await logIn(page);
  await page.goto(`${plant.url}/plant`);
  await page.getByRole('button', { name: 'Set a limit for all' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Absolute (W)').check();
  await dialog.getByLabel('New limit (W)').fill('1500');
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  // Six parts (the serial on two devices is sent to each), each followed to its device's Ok.
  await expect(dialog.locator('[data-command="ok"]')).toHaveCount(6, { timeout: 45_000 });

  // What the devices hold adds up to the total asked for, shared by rated power.
  const held = await Promise.all(
    Object.values(plant.devices).map(async (device) =>
      Object.values(await new DeviceClient(device.url).get<LimitStatusMap>('api/limit/status')),
    ),
  );
  const watts = held.flat().map((entry) => (entry.limit_relative / 100) * entry.max_power);
  expect(Math.abs(watts.reduce((sum, value) => sum + value, 0) - 1500)).toBeLessThan(15);
  // An inverter of 800 W gets about a third of one of 2250 W.
  expect(Math.min(...watts) / Math.max(...watts)).toBeCloseTo(800 / 2250, 1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a device that goes away: offline since, its last values greyed, the sums say they lack it, then back', async ({
  page,
  plant,
}) => {
  await page.goto(`${plant.url}/plant`);
  await expect(inverterRows(page)).toHaveCount(6);
  await plant.devices.barn.signal('SIGKILL');
  const warning = page.getByRole('alert').filter({ hasText: 'These sums are incomplete' });
  await expect(warning).toContainText(/Without barn: offline since/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Devices' }).getByText(/^Offline since/)).toBeVisible();
  // Its inverters stay listed with their last values, greyed, saying their device is away.
  await expect(inverterRows(page)).toHaveCount(6);
  await expect(inverterRows(page).filter({ hasText: 'Device offline' })).toHaveCount(2);
  await plant.devices.barn.revive();
  await expect(warning).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Devices' }).getByText('Online')).toHaveCount(3);
});
