import { expect, test } from '../support/fixtures';
import { paintThenTakeOver } from '../support/take-over';

// index.html paints the live view's first screen from the early live answer and frames
// (apps/web/src/boot/first-paint.ts) before app.js has run; React's first render then
// replaces it with the same. Here app.js is held back until the paint shows the totals and
// each inverter's power, so both are seen apart.

test.use({ emulatorArgs: ['--time', '2026-06-21T12:00'] });

test('on a desktop, in English and light, the app takes the first paint over unmoved', async ({
  loggedIn: page,
}) => {
  await paintThenTakeOver(page, { width: 1280, locale: 'en', theme: 'light' });
  await expect(page.locator('[data-total="TotalPower"]')).toHaveText(/^[\d,.]+ k?W$/);
});

test('on a phone, in German and dark, the app takes the first paint over unmoved', async ({
  loggedIn: page,
}) => {
  await paintThenTakeOver(page, { width: 390, locale: 'de', theme: 'dark' });
  await expect(page.locator('#app nav')).not.toHaveClass(/navbar-expand/);
});

test('logged out, in French, with an inverter chosen in the address', async ({ page }) => {
  await paintThenTakeOver(page, { width: 1024, locale: 'fr', theme: 'light', path: '/?inv=116491234568' });
  await expect(page.locator('#inverter-title')).toContainText('House HMS-2000');
  await expect(page.getByRole('button', { name: 'Régler la limite' })).toBeDisabled();
});
