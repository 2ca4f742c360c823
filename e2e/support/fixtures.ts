import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, DeviceClient } from './device';
import { startEmulator, type RunningEmulator } from './emulator';

export { ADMIN };

interface WorkerFixtures {
  /** Extra emulator options, e.g. `test.use({ emulatorArgs: ['--time', '...'] })`. */
  emulatorArgs: string[];
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
  emulatorArgs: [[], { option: true, scope: 'worker' }],
  emulator: [
    async ({ emulatorArgs }, use) => {
      const emulator = await startEmulator(emulatorArgs);
      await use(emulator);
      await emulator.stop();
    },
    { scope: 'worker' },
  ],
  fresh: [false, { option: true }],
  device: async ({ emulator, emulatorArgs, fresh }, use) => {
    const own = fresh ? await startEmulator(emulatorArgs) : undefined;
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
