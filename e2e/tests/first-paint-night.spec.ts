import { expect, test } from '../support/fixtures';
import { paintThenTakeOver } from '../support/take-over';

// As first-paint.spec.ts, at 02:00: the inverters sleep and their data is older than five
// minutes, so the header also says when it was taken, on the device's clock.
test.use({ emulatorArgs: ['--time', '2026-06-21T02:00'] });

test('asleep inverters and the time their data was taken', async ({ loggedIn: page }) => {
  await paintThenTakeOver(page, { width: 1280, locale: 'en', theme: 'dark' });
  await expect(page.locator('main section.card h2 [data-state]')).toHaveAttribute('data-state', 'asleep');
  await expect(page.locator('[data-age]')).toContainText(/\(\d\d\/\d\d\/2026, \d\d:\d\d:\d\d\)$/);
});
