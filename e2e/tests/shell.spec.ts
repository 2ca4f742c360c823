import { expect, test } from '../support/fixtures';

test('the app loads at / with its navigation bar', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.getByRole('link', { name: 'OpenDTU' })).toBeVisible();
  await expect(page).toHaveTitle(/OpenDTU/);
});

test('a deep link loads the app and shows data fetched from the device', async ({ page }) => {
  await page.goto('/info/system');
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'v25.4.10' })).toBeVisible();
});
