import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LimitStatusMap } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { launchCompanion } from '../../apps/companion/src/launch';
import { basicAuth, ADMIN, DeviceClient } from '../support/device';
import { startEmulator, type RunningEmulator } from '../support/emulator';
import { expect, test as base } from '../support/fixtures';
import { darkTheme, seriousViolations } from '../support/axe';

/** The virtual DTU's house with its meter, and the companion in front of it (its URL). */
async function startHouse(
  emulatorArgs: string[],
  controlAtStart: boolean,
  companionArgs: string[] = [],
): Promise<RunningEmulator> {
  const device = await startEmulator(emulatorArgs);
  const meterAt = () => /meter listening on (\S+)/.exec(device.output())?.[1];
  await expect.poll(meterAt, { timeout: 20_000 }).toBeTruthy();
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-control-'));
  const companion = await launchCompanion({
    args: [
      ...['--device', device.url, '--data', dataDir, '--password', ADMIN.password],
      ...(controlAtStart
        ? [
            ...['--control-meter', `shelly-pro-3em:${meterAt()}`],
            // Quicker than the defaults (10 s, 2 s), so the journey sees commands soon.
            ...['--control-interval', '5', '--control-poll', '1'],
          ]
        : []),
      ...companionArgs,
    ],
  });
  const stop = async (): Promise<void> => {
    // The companion gives the limits back as it stops: the device must still be there.
    await companion.stop();
    await device.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { ...device, url: companion.url, stop };
}

/**
 * The Control screen of the companion build, against the companion in front of the
 * virtual DTU's simulated house at a sunny noon: the plant exports until the controller
 * limits it. The worker's companion starts with the zero-export controller on
 * (--control-meter, a Shelly Pro 3EM); with `controlAtStart: false` a test gets one of its
 * own with control off, for the owner to turn on in the app. What is checked is what the
 * owner sees: the state in words, the meter, the commands with their acknowledgement, a
 * pause that gives the inverters their own limits back, the settings form.
 */
/** A house of the test's own: the emulator's options and the companion's extra ones. */
interface OwnHouse {
  emulatorArgs: string[];
  companionArgs: string[];
}

const test = base.extend<
  { controlAtStart: boolean; ownHouse: OwnHouse | undefined; house: RunningEmulator },
  { emulator: RunningEmulator }
>({
  emulator: [
    async ({ emulatorArgs }, use) => {
      const running = await startHouse(emulatorArgs, true);
      await use(running);
      // Both processes end with the worker (they outlived it before, still polling the meter).
      await running.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  controlAtStart: [true, { option: true }],
  ownHouse: [undefined, { option: true }],
  house: async ({ emulator, emulatorArgs, controlAtStart, ownHouse }, use) => {
    if (controlAtStart && !ownHouse) return use(emulator);
    const own = ownHouse
      ? await startHouse(ownHouse.emulatorArgs, controlAtStart, ownHouse.companionArgs)
      : await startHouse(emulatorArgs, false);
    await use(own);
    await own.stop();
  },
  device: async ({ house }, use) => {
    await use(new DeviceClient(house.url));
  },
});

// A clear noon and a fixed house, the same in every run (drawn from the serial they differ).
test.use({
  emulatorArgs: [
    '--household-seed',
    '32',
    '--weather',
    'clear',
    '--meter-port',
    '0',
    '--time',
    '2026-06-21T12:00',
  ],
});
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
  await expect(state).toHaveText(
    /^(Following the house|Inside the band|Waiting for an inverter|Giving all they can)$/,
  );
  await expect(page.locator('[data-control-meter]')).toHaveText(
    /^(Taking [\d,]+ W from the grid|Feeding [\d,]+ W into the grid|Nothing flows to or from the grid)$/,
  );
  const inverters = page.locator('[data-control-inverters] tbody tr');
  expect(await inverters.count()).toBe(Object.keys(await limitStatus(page)).length);
  // Settings as the server runs with them (its options), in the form that changes them.
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByRole('switch', { name: 'Zero export on' })).toBeChecked();
  await expect(settings.getByLabel('Meter type')).toHaveValue('shelly-pro-3em');
  await expect(settings.getByLabel('Address', { exact: true })).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(settings.getByLabel('Between commands to one inverter')).toHaveValue('5');
  await expect(settings).toContainText("from the companion's --control-… options");

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

test.describe('zero export off at start', () => {
  test.use({ controlAtStart: false });

  test('the owner enters the meter, turns zero export on, sees it follow the house, and turns it off', async ({
    loggedIn: page,
    house,
  }) => {
    const meter = /meter listening on (\S+)/.exec(house.output())![1]!;
    // A phone's width: the whole form fits it.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/control');
    await expect(page.getByRole('heading', { name: 'Control is off' })).toBeVisible();
    const state = page.locator('#control-state');
    await expect(state).toHaveCount(0);

    const settings = page.getByRole('region', { name: 'Settings' });
    const enabled = settings.getByRole('switch', { name: 'Zero export on' });
    const address = settings.getByLabel('Address', { exact: true });
    const band = settings.getByLabel('Band');
    const save = settings.getByRole('button', { name: 'Save' });
    await expect(enabled).not.toBeChecked();
    await expect(address).toHaveValue('');
    await expect(
      settings.getByRole('group', { name: 'Inverters' }).getByLabel('All inverters'),
    ).toBeChecked();

    // On without an address, and a band out of bounds: said next to each field, nothing sent.
    await enabled.check();
    await band.fill('5000');
    await save.click();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`#${await address.getAttribute('aria-describedby')}`)).toHaveText(
      'This field is required.',
    );
    await expect(page.locator(`#${await band.getAttribute('aria-describedby')}`)).toHaveText(
      'Enter a whole number from 0 to 1000.',
    );
    await expect(address).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // A password typed as the mask: only the server can tell, and it says why.
    await address.fill(meter.replace('//', '//owner:****@'));
    await band.fill('25');
    await save.click();
    await expect(settings.getByRole('alert')).toContainText('has a masked password; type it again');
    await expect(page.getByRole('heading', { name: 'Control is off' })).toBeVisible();

    // The meter as a Shelly Pro 3EM, quicker than the defaults so the journey sees commands soon.
    await settings.getByLabel('Meter type').selectOption({ label: 'Shelly Pro 3EM' });
    await address.fill(meter);
    await settings.getByLabel('Between commands to one inverter').fill('5');
    await settings.getByLabel('Read every').fill('1');
    await save.click();
    await expect(settings.getByRole('status')).toHaveText('Settings saved.', { timeout: 30_000 });
    await expect(settings).toContainText('Saved here (control.json');
    await expect(address).toHaveValue(`${meter}/`);
    // The controller takes the export down: its state in words, a limit confirmed.
    await expect(state).toHaveText(/^(Following the house|Inside the band|Giving all they can)$/, {
      timeout: 90_000,
    });
    await expect(page.locator('[data-control-commands] [data-ack="ok"]').first()).toHaveText('Ok', {
      timeout: 90_000,
    });
    const limited = await limitStatus(page);
    expect(Object.values(limited).some((entry) => entry.limit_relative < 100)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('control-settings-phone.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Off by keyboard: saved once every inverter has its own limit back.
    await enabled.focus();
    await page.keyboard.press('Space');
    await expect(enabled).not.toBeChecked();
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(settings.getByRole('status')).toHaveText('Settings saved.', { timeout: 90_000 });
    await expect(page.getByRole('heading', { name: 'Control is off' })).toBeVisible();
    await expect(state).toHaveCount(0);
    for (const [serial, entry] of Object.entries(await limitStatus(page))) {
      expect({ serial, limit: entry.limit_relative, status: entry.limit_set_status }).toEqual({
        serial,
        limit: 100,
        status: 'Ok',
      });
    }
    await darkTheme(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
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

test.describe('a load that switches on and off', () => {
  // The house of seed 32 cooks at 12:20 on 2 June: from 12:30 the hob's thermostat switches
  // a ring on and off every 90 s. Ten times faster, both processes on the device's clock.
  test.use({
    ownHouse: {
      emulatorArgs: [
        ...['--household', '--household-seed', '32', '--meter-port', '0'],
        ...['--time', '2026-06-02T12:30', '--speed', '10', '--push-interval', '100'],
      ],
      companionArgs: ['--speed', '10'],
    },
  });

  test('the controller stops chasing the hob, and says how long a raise waits', async ({
    loggedIn: page,
  }) => {
    await page.goto('/control');
    const state = page.locator('#control-state');
    await expect(state).toHaveText('Waiting out a switching load', { timeout: 120_000 });
    await expect(state.locator('xpath=following-sibling::p[1]')).toHaveText(
      /^A load has been switching on and off .*: when it switches on, what it adds waits (75|120) s before the inverters cover it/,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
