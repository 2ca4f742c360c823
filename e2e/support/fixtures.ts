import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, DeviceClient } from './device';
import { JUNE_NOON, startDevice, type RunningEmulator, type Through } from './emulator';

export { ADMIN };

interface WorkerFixtures {
  /**
   * The emulator's options, its start time among them (by default a June noon), e.g.
   * `test.use({ emulatorArgs: ['--time', '2026-06-21T23:50'] })`.
   */
  emulatorArgs: string[];
  /** The companion project runs journeys through the companion server (playwright.config.ts). */
  through: Through;
  emulator: RunningEmulator;
}

interface TestFixtures {
  /**
   * Set with `test.use({ fresh: true })` for tests that change what other tests rely on
   * (passwords, access rules): they get an emulator of their own.
   */
  fresh: boolean;
  /** The device under test, for arranging state through its API. */
  device: DeviceClient;
  /** Stores admin credentials the way the app does, so the page starts logged in. */
  loggedIn: Page;
}

/**
 * Every test runs against a real emulator started on a free port with a fresh data
 * folder (one per worker, or one per test with `fresh`), and `baseURL` points at it, so
 * `page.goto('/')` opens the app.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulatorArgs: [['--time', JUNE_NOON], { option: true, scope: 'worker' }],
  through: ['device', { option: true, scope: 'worker' }],
  emulator: [
    async ({ emulatorArgs, through }, use) => {
      const emulator = await startDevice(emulatorArgs, through);
      await use(emulator);
      await emulator.stop();
    },
    // Through the companion two processes start, each a few seconds on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  fresh: [false, { option: true }],
  device: async ({ emulator, emulatorArgs, through, fresh }, use) => {
    const own = fresh ? await startDevice(emulatorArgs, through) : undefined;
    await use(new DeviceClient((own ?? emulator).url));
    await own?.stop();
  },
  baseURL: async ({ device }, use) => {
    await use(device.url);
  },
  loggedIn: async ({ page }, use) => {
    const authdata = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
    await page.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));
    await use(page);
  },
});

export { expect };
