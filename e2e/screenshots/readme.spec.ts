import { fileURLToPath } from 'node:url';
import { test } from '../support/fixtures';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

// A clear midsummer noon in the demo's time zone, so the live view has something to show.
test.use({ emulatorArgs: ['--time', '2026-06-21T12:30:00+02:00'] });

const SHOTS = [
  { name: 'live-desktop', path: '/', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'live-phone-dark', path: '/', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  {
    name: 'system-desktop-dark',
    path: '/info/system',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
  },
] as const;

for (const shot of SHOTS) {
  test(shot.name, async ({ loggedIn: page }) => {
    await page.setViewportSize(shot.viewport);
    await page.emulateMedia({ colorScheme: shot.colorScheme });
    await page.goto(shot.path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Live data arrives within a poll round.
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${OUT}${shot.name}.png` });
  });
}
