import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from '../support/fixtures';

/**
 * Issue 24: a language pack whose links blow up (six links per level, eight levels: 6^8
 * copies of the last text, 677 bytes on the device) must not hang the app, not when chosen,
 * not when remembered, not on the login page where a pack in the browser's language applies
 * itself. Blown-up texts show in English; the pack's other texts still apply.
 */

// Uploading a pack restarts the device and changes its language list.
test.use({ fresh: true });

function linkBombPack(code: string): string {
  const bomb: Record<string, string> = { l8: 'boom ' };
  for (let level = 0; level < 8; level += 1) bomb[`l${level}`] = `@:b.l${level + 1}`.repeat(6);
  const boom = '@:b.l0';
  return JSON.stringify({
    meta: { name: 'Bomba', code },
    webapp: {
      b: bomb,
      menu: { About: 'Acerca de', LiveView: boom, Info: boom, Settings: boom, Console: boom, Login: boom },
      login: { Login: boom, SystemLogin: boom, Username: boom, Password: boom, LoginButton: boom },
      localeswitcher: { Language: boom },
    },
  });
}

/** Collects the app's warnings about language texts. */
function languageWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('Language:')) warnings.push(message.text());
  });
  return warnings;
}

/** The page answers input: the Info menu opens and shows its Console entry. */
async function answersClicks(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Info' }).click();
  await expect(page.getByRole('link', { name: 'Console' })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a 6x8 link bomb chosen in the switcher: the app keeps answering, also after a reload', async ({
  page,
  device,
}) => {
  await device.upload('bomba.lang.json', linkBombPack('xb'));
  await device.waitForRestart();
  const warnings = languageWarnings(page);

  await page.goto('/');
  const switcher = page.getByRole('combobox', { name: 'Language' });
  await switcher.selectOption('xb');
  // The pack applies: its plain text shows, the blown-up ones are English.
  await expect(page.getByRole('link', { name: 'Acerca de' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'xb');
  await expect(page.getByRole('link', { name: 'Live view' })).toBeVisible();
  await answersClicks(page);
  expect(warnings).toHaveLength(1);

  // The choice is remembered: the reload applies the pack again, and still answers.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Acerca de' })).toBeVisible();
  await answersClicks(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await expect(page.getByRole('link', { name: 'About' })).toBeVisible();
  expect(warnings).toHaveLength(2);
});

test('a link bomb in the browser language applies on the login page, and the owner logs in', async ({
  browser,
  device,
}) => {
  await device.upload('bomba.lang.json', linkBombPack('es'));
  await device.waitForRestart();
  const context = await browser.newContext({ baseURL: device.url, locale: 'es-ES' });
  const page = await context.newPage();

  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Acerca de' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await context.close();
});
