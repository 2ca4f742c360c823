import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModbusAnswer } from '@opendtu/api';
import { launchCompanion } from '../../apps/companion/src/launch';
import { ADMIN, basicAuth } from '../support/device';
import { startEmulator, type RunningEmulator } from '../support/emulator';
import { expect, test as base } from '../support/fixtures';
import { darkTheme, seriousViolations } from '../support/axe';
import { freePort } from '../support/free-port';

/** The virtual DTU at noon, and the companion in front of it serving Modbus on `modbusPort`. */
async function startModbusHouse(): Promise<RunningEmulator & { modbusPort: number }> {
  const device = await startEmulator(['--time', '2026-06-02T12:00']);
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-modbus-'));
  const modbusPort = await freePort();
  const companion = await launchCompanion({
    args: [
      ...['--device', device.url, '--data', dataDir, '--password', ADMIN.password],
      ...['--modbus', `127.0.0.1:${modbusPort}`],
    ],
  });
  return {
    ...device,
    url: companion.url,
    modbusPort,
    stop: async () => {
      await companion.stop();
      await device.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Modbus page of the companion build (issue 44): reached from the Settings menu, it
 * shows where SunSpec clients connect and the unit-id map, the plant at 126 and each
 * inverter at its unit with what a client reads there; the owner sets a single-phase
 * inverter's phase, and it stays. Without --modbus the page says how to turn it on.
 */
const test = base.extend<object, { house: RunningEmulator & { modbusPort: number } }>({
  house: [
    // Playwright reads a fixture's needs from its first parameter: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const house = await startModbusHouse();
      await use(house);
      await house.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.describe.configure({ timeout: 120_000 });
test.skip(({ through }) => through !== 'companion', 'the Modbus server exists only in the companion');

test('the unit map in the settings: every unit, the phase the owner sets, light and dark, phone', async ({
  loggedIn: page,
  house,
}) => {
  const map = async (): Promise<ModbusAnswer> =>
    (await (
      await page.request.get(`${house.url}/companion/api/modbus`, { headers: { Authorization: basicAuth() } })
    ).json()) as ModbusAnswer;
  await expect
    .poll(async () => (await map()).units.filter((unit) => unit.rated_w).length, { timeout: 30_000 })
    .toBe(4);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${house.url}/`);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Modbus (SunSpec)' }).click();
  await expect(page).toHaveURL(/\/settings\/modbus$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modbus (SunSpec)');
  await expect(page.locator('#modbus-server-title')).toHaveText(
    `Serving SunSpec on 127.0.0.1:${house.modbusPort}`,
  );
  await expect(page.locator('[data-modbus-server]')).toContainText('Read-only');

  const rows = page.locator('[data-modbus-units] tbody tr');
  await expect(rows).toHaveCount(4);
  expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-unit')))).toEqual([
    '126',
    '1',
    '2',
    '3',
  ]);
  await expect(rows.nth(0)).toContainText('Plant');
  await expect(rows.nth(1)).toContainText('Garage HM-800');
  await expect(rows.nth(1)).toContainText('114181234569');
  await expect(rows.nth(3)).toContainText('L1-L3');
  await expect(rows.nth(1)).toContainText(/Producing|Throttled/);
  await expect(rows.nth(1)).toContainText(/\d+ W/);

  // The house inverter feeds L2: chosen here, kept by the server, still chosen after a reload.
  const phase = page.getByLabel('Phase of House HMS-2000');
  await expect(phase).toHaveValue('L1');
  await phase.selectOption('L2');
  await expect.poll(async () => (await map()).units.find((unit) => unit.unit === 2)?.phase).toBe('L2');
  await page.reload();
  await expect(page.getByLabel('Phase of House HMS-2000')).toHaveValue('L2');

  await page.screenshot({ path: test.info().outputPath('modbus-desktop.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(rows.first()).toBeVisible();
  // The table scrolls within its card; the page itself is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: test.info().outputPath('modbus-phone.png'), fullPage: true });
});

test('without --modbus the page says how to turn it on', async ({ loggedIn: page }) => {
  await page.goto('/settings/modbus');
  await expect(page.getByRole('region', { name: 'Modbus is off' })).toBeVisible();
  await expect(page.locator('[data-modbus-off]')).toContainText('--modbus 1502');
});
