import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LimitStatusMap } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { launchCompanion } from '../../apps/companion/src/launch';
import { basicAuth, ADMIN } from '../support/device';
import { startEmulator, type RunningEmulator } from '../support/emulator';
import { expect, test as base } from '../support/fixtures';
import { darkTheme, seriousViolations } from '../support/axe';

/**
 * The Control screen of the companion build, against the companion with the zero-export
 * controller on (--control-meter, a Shelly Pro 3EM) in front of the virtual DTU's
 * simulated house at a sunny noon: the plant exports until the controller limits it. What
 * is checked is what the owner sees: the state in words, the meter, the commands with
 * their acknowledgement, a pause that gives the inverters their own limits back.
 */
const test = base.extend<object, { emulator: RunningEmulator }>({
  emulator: [
    async ({ emulatorArgs }, use) => {
      const device = await startEmulator(emulatorArgs);
      const meterAt = () => /meter listening on (\S+)/.exec(device.output())?.[1];
      await expect.poll(meterAt, { timeout: 20_000 }).toBeTruthy();
      const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-control-'));
      const companion = await launchCompanion({
        args: [
          ...['--device', device.url, '--data', dataDir, '--password', ADMIN.password],
          ...['--control-meter', `shelly-pro-3em:${meterAt()}`],
          // Quicker than the defaults (10 s, 2 s), so the journey sees commands soon.
          ...['--control-interval', '5', '--control-poll', '1'],
        ],
      });
      const stop = async (): Promise<void> => {
        // The companion gives the limits back as it stops: the device must still be there.
        await companion.stop();
        await device.stop();
        await rm(dataDir, { recursive: true, force: true });
      };
      await use({ ...device, url: companion.url, stop });
      // Both processes end with the worker (they outlived it before, still polling the meter).
      await stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.use({ emulatorArgs: ['--household', '--meter-port', '0', '--time', '2026-06-21T12:00'] });
test.describe.configure({ timeout: 240_000 });
test.skip(({ through }) => through !== 'companion', 'the Control screen exists only behind the companion');

const limitStatus = async (page: Page): Promise<LimitStatusMap> =>
  (await (
    await page.request.get('/api/limit/status', { headers: { Authorization: basicAuth() } })
  ).json()) as LimitStatusMap;

test('zero export on the Control screen: state, meter, commands with Ok, pause and resume', async ({
  loggedIn: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Control', exact: true }).click();
  await expect(page).toHaveURL(/\/control$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Control');

  // The controller takes the export down: its commands are listed, the inverters answer Ok.
  const commands = page.locator('[data-control-commands]');
  await expect(commands.locator('[data-ack="ok"]').first()).toHaveText('Ok', { timeout: 90_000 });
  await expect(commands.locator('tbody tr').first()).toContainText(/\d+ W/);
  await expect(commands.locator('tbody tr').first()).toContainText('to follow the house');
  const state = page.locator('#control-state');
  await expect(state).toHaveText(/^(Following the house|Inside the band|Waiting for an inverter)$/);
  await expect(page.locator('[data-control-meter]')).toHaveText(
    /^(Taking [\d,]+ W from the grid|Feeding [\d,]+ W into the grid|Nothing flows to or from the grid)$/,
  );
  const inverters = page.locator('[data-control-inverters] tbody tr');
  expect(await inverters.count()).toBe(Object.keys(await limitStatus(page)).length);
  // Settings as the server runs with them, and read-only.
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByText('shelly-pro-3em: http://127.0.0.1')).toBeVisible();
  await expect(settings.locator('input, select, textarea, button')).toHaveCount(0);

  // Today's chart, once the page asks again (it has the recorder's and the controller's minutes).
  await page.reload();
  await expect(page.locator('[data-control-summary]')).toHaveText(
    /^Since 1[12]:\d\d: [\d,]+ Wh fed into the grid, [\d,]+ Wh taken from it\.$/,
    { timeout: 20_000 },
  );
  await page.screenshot({ path: test.info().outputPath('control-desktop.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(state).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: test.info().outputPath('control-phone.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 1000 });

  // Pause: answered once every inverter has its own limit back, confirmed.
  await page.getByRole('button', { name: 'Pause control' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paused: every inverter' })).toHaveText(
    'Paused: every inverter has its own limit back.',
    { timeout: 90_000 },
  );
  await expect(state).toHaveText('Paused');
  for (const [serial, entry] of Object.entries(await limitStatus(page))) {
    expect({ serial, limit: entry.limit_relative, status: entry.limit_set_status }).toEqual({
      serial,
      limit: 100,
      status: 'Ok',
    });
  }
  await expect(commands.locator('tbody tr').first()).toContainText('given back');
  const resume = page.getByRole('button', { name: 'Resume control' });
  await resume.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Control resumed.')).toBeVisible();
  await expect(state).not.toHaveText('Paused', { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the device build holds no Control screen, the companion build does', async () => {
  const app = (folder: string) =>
    readFile(new URL(`../../apps/web/${folder}/js/app.js.gz`, import.meta.url)).then((gz) =>
      gunzipSync(gz).toString(),
    );
  const [device, companion] = await Promise.all([app('dist'), app('dist-companion')]);
  for (const text of [/companion\/api\/control/, /["'`]\/control["'`]/, /Following the house/]) {
    expect(device).not.toMatch(text);
    expect(companion).toMatch(text);
  }
});
