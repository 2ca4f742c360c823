import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';

const PACK = fileURLToPath(new URL('../../apps/web/test/fixtures/es.lang.json', import.meta.url));

test('a built-in language: switched, stored, and set as <html lang>', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('link', { name: 'Live-Ansicht' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Live-Daten' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('fr');
  await expect(page.getByRole('link', { name: 'Vue en direct' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a language pack uploaded to the device joins the switcher', async ({ page, device }) => {
  // Packs are discovered at boot; the upload restarts the device.
  await device.upload('es.lang.json', await readFile(PACK, 'utf8'));
  await device.waitForRestart();

  await page.goto('/');
  const switcher = page.getByRole('combobox', { name: 'Language' });
  await expect(switcher.getByRole('option', { name: 'Español' })).toBeAttached();
  await switcher.selectOption('es');
  await expect(page.getByRole('link', { name: 'Vista en vivo' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // Keys the pack lacks fall back to English.
  await page.getByRole('button', { name: 'Información' }).click();
  await expect(page.getByRole('link', { name: 'Console' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Datos en vivo' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('es');
});
