import { test } from '../support/fixtures';
import { DESKTOP, open, OUT, PHONE, type Shot } from './shots';

// A clear midsummer noon at the device, so live data has something to show.
test.use({ emulatorArgs: ['--time', '2026-06-21T12:30'] });

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

for (const shot of SHOTS) {
  test(shot.name, async ({ loggedIn: page }) => {
    await open(page, shot);
    await page.screenshot({ path: `${OUT}${shot.name}.png` });
  });
}
