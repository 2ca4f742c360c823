import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { tabTo } from '../support/keyboard';

// Issue 16: every dialog opens from the keyboard, takes the focus, closes on Escape and
// gives the focus back to the button that opened it (which shows it). Escape changes
// nothing on the device, so these tests share one emulator.
test.use({ emulatorArgs: ['--time', '2026-06-21T12:00'] });

async function openAndEscape(page: Page, selector: string, name: string): Promise<void> {
  await tabTo(page, selector, name);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(
    await page.evaluate(
      ([sel, wanted]) => {
        const el = document.activeElement;
        return (
          !!el?.matches(sel!) &&
          (el.textContent?.trim() === wanted || el.getAttribute('aria-label') === wanted)
        );
      },
      [selector, name] as const,
    ),
  ).toBe(true);
}

test('the live view: limit, power, details, grid profile and event log dialogs', async ({
  loggedIn: page,
}) => {
  await page.goto('/');
  await expect(page.locator('[data-live-totals]')).toBeVisible();
  for (const name of ['Set limit', 'On / off', 'Details', 'Grid profile']) {
    await openAndEscape(page, 'button', name);
  }
  // The event log button also carries its unread count.
  await openAndEscape(
    page,
    'button',
    (await page.getByRole('button', { name: /^Event log/ }).textContent())!.trim(),
  );
});

test('inverter settings: edit and delete dialogs', async ({ loggedIn: page }) => {
  await page.goto('/settings/inverter');
  await openAndEscape(page, 'button', 'Edit Garage HM-800');
  await openAndEscape(page, 'button', 'Delete Garage HM-800');
});

test('config management and reboot: delete, factory reset and restart questions', async ({
  loggedIn: page,
}) => {
  await page.goto('/settings/config');
  await expect(page.getByRole('cell', { name: 'config.json', exact: true })).toBeVisible();
  await openAndEscape(page, 'button', 'Delete: config.json');
  await openAndEscape(page, 'button', 'Reset to factory settings');
  await page.goto('/maintenance/reboot');
  await openAndEscape(page, 'button', 'Reboot');
});
