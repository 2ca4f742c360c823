import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

// A clear midsummer noon at the device, so live data has something to show.
test.use({ emulatorArgs: ['--time', '2026-06-21T12:30'] });

interface Shot {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
  /** How long data may take to arrive (the console needs a few poll rounds). */
  settleMs?: number;
}

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 700 };

const SHOTS: Shot[] = [
  { name: 'live-desktop', path: '/', viewport: DESKTOP, colorScheme: 'light', settleMs: 6000 },
  { name: 'live-phone', path: '/', viewport: PHONE, colorScheme: 'dark', settleMs: 6000 },
  { name: 'inverters-desktop', path: '/settings/inverter', viewport: DESKTOP, colorScheme: 'light' },
  { name: 'ntp-phone', path: '/settings/ntp', viewport: PHONE, colorScheme: 'light' },
  { name: 'dtu-desktop-dark', path: '/settings/dtu', viewport: DESKTOP, colorScheme: 'dark' },
  { name: 'config-desktop', path: '/settings/config', viewport: DESKTOP, colorScheme: 'light' },
  {
    name: 'console-desktop-dark',
    path: '/info/console',
    viewport: DESKTOP,
    colorScheme: 'dark',
    settleMs: 16_000,
  },
  { name: 'system-desktop', path: '/info/system', viewport: DESKTOP, colorScheme: 'light' },
  { name: 'login-phone', path: '/login', viewport: PHONE, colorScheme: 'light' },
];

async function open(page: Page, shot: Shot): Promise<void> {
  // The owner has answered the version-check question (no request to GitHub from here).
  await page.addInitScript(() => localStorage.setItem('allowVersionInfo', '0'));
  await page.setViewportSize(shot.viewport);
  await page.emulateMedia({ colorScheme: shot.colorScheme });
  await page.goto(shot.path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(shot.settleMs ?? 3000);
}

for (const shot of SHOTS) {
  test(shot.name, async ({ loggedIn: page }) => {
    await open(page, shot);
    await page.screenshot({ path: `${OUT}${shot.name}.png` });
  });
}

// A plant of ten six-string inverters: the overview and one limit for all of them.
test.describe('ten inverters', () => {
  test.use({ emulatorArgs: ['--time', '2026-06-21T12:30', '--inverters', '10'], fresh: true });
  const overview = (viewport: Shot['viewport'], colorScheme: Shot['colorScheme']): Shot => ({
    name: '',
    path: '/overview',
    viewport,
    colorScheme,
    settleMs: 6000,
  });

  test('overview-desktop', async ({ loggedIn: page }) => {
    await open(page, overview(DESKTOP, 'light'));
    await page.screenshot({ path: `${OUT}overview-desktop.png` });
  });
  test('overview-phone-dark', async ({ loggedIn: page }) => {
    await open(page, overview(PHONE, 'dark'));
    await page.screenshot({ path: `${OUT}overview-phone-dark.png` });
  });
  test('group-limit-desktop', async ({ loggedIn: page }) => {
    await open(page, overview(DESKTOP, 'light'));
    await page.getByRole('button', { name: 'Set limit' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}group-limit-desktop.png` });
  });
});
