import { test } from '../support/fixtures';
import { DESKTOP, open, OUT, PHONE, type Shot } from './shots';

// A plant of ten six-string inverters at a midsummer noon: the overview and one limit for all.
test.use({ emulatorArgs: ['--time', '2026-06-21T12:30', '--inverters', '10'] });

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
