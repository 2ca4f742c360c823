import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ADMIN, expect, test } from '../support/fixtures';

const PACK = fileURLToPath(new URL('../../apps/web/test/fixtures/es.lang.json', import.meta.url));
const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

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

test('a language pack uploaded to the device joins the switcher', async ({ page, request }) => {
  const upload = await request.post('/api/file/upload?file=es.lang.json', {
    headers: { Authorization: AUTH, 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      config: { name: 'es.lang.json', mimeType: 'application/json', buffer: await readFile(PACK) },
    },
  });
  expect(upload.status()).toBe(200);
  // Packs are discovered at boot; the upload restarts the device.
  await expect
    .poll(
      async () => {
        try {
          const answer = await request.get('/api/i18n/languages', { timeout: 2000 });
          return answer.ok() ? ((await answer.json()) as { code: string }[]).map((entry) => entry.code) : [];
        } catch {
          return [];
        }
      },
      { timeout: 20_000 },
    )
    .toContain('es');

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
