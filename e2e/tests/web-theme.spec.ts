import { expect, test } from '../support/fixtures';

test('the theme choice is stored and applied before the app loads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');

  await page.getByRole('button', { name: /^Colour scheme/ }).click();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // Hold the bundle back: the stored theme must already be on the page without it (which
  // paints the live view's first screen itself, but no inverter's channels).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/js/app.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.locator('[data-channel]')).toHaveCount(0);
  release();
  await expect(page.locator('[data-channel]').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
});

test('auto follows the system colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
});
