import { test as base, expect, type Page } from '@playwright/test';
import { startEmulator, type RunningEmulator } from './emulator';

export const ADMIN = { username: 'admin', password: 'openDTU42' } as const;

interface WorkerFixtures {
  emulator: RunningEmulator;
}

interface TestFixtures {
  /** Stores admin credentials the way the app does, so the page starts logged in. */
  loggedIn: Page;
}

/**
 * Every test runs against a real emulator: one per worker, started on a free port with a
 * fresh data folder, and `baseURL` points at it, so `page.goto('/')` opens the app.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulator: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const emulator = await startEmulator();
      await use(emulator);
      await emulator.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ emulator }, use) => {
    await use(emulator.url);
  },
  loggedIn: async ({ page }, use) => {
    const authdata = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
    await page.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));
    await use(page);
  },
});

export { expect };
