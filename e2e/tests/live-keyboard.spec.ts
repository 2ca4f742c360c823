import { expect, test } from '../support/fixtures';
import { tabTo } from '../support/keyboard';

test.use({ emulatorArgs: ['--time', '2026-06-21T12:00'] });

test('log in, set a limit and close the dialog, all by keyboard', async ({ page }) => {
  await page.goto('/login');
  await tabTo(page, 'input[autocomplete="username"]');
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('openDTU42');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-live-totals]')).toBeVisible();

  await tabTo(page, 'button', 'Set limit');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, 'input[type="number"]');
  await page.keyboard.type('60');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sent, waiting for the inverter to confirm.').first()).toBeVisible();
  // Focus is back on the button that opened the dialog, and visible.
  await expect(page.getByRole('button', { name: 'Set limit' })).toBeFocused();
  await expect(page.locator('[data-limit]')).toContainText('60 %', { timeout: 20_000 });
});
