import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { MARKUP_PACK } from '../support/markup-pack';

// Issue 20: a language pack's markup shows as formatting on every screen that shows such
// a text, and nothing a hostile pack tries ever runs or becomes an element. The pack is
// uploaded to the real emulator (a restart), then chosen in the switcher.
test.use({ fresh: true, emulatorArgs: ['--time', '2026-06-21T12:00'] });

/** Whatever the screen shows now: no tag as text, nothing ran, every new-tab link safe. */
async function expectNoTagsAndNothingRan(page: Page): Promise<void> {
  const text = await page.locator('#app').innerText();
  expect(text).not.toMatch(/<\/?[a-z][^<>]*>/i);
  expect(text).not.toContain('__pwned');
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const app = page.locator('#app');
  await expect(app.locator('script, style, iframe, img, object, embed')).toHaveCount(0);
  await expect(app.locator('[onerror], [onload], [onclick], [onmouseover]')).toHaveCount(0);
  await expect(app.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
  for (const link of await app.locator('a[target="_blank"]').all()) {
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

/** An element of `tag` with exactly `text`, visible. */
const shown = (within: Page | Locator, tag: string, text: string) => within.locator(tag, { hasText: text });

test('a pack with markup shows formatting on every screen, and nothing of a hostile pack runs', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(90_000);
  await device.upload('qa.lang.json', JSON.stringify(MARKUP_PACK));
  await device.waitForRestart();
  // Any alert() or confirm() a pack managed to open would fail the test here.
  page.on('dialog', (dialog) => {
    throw new Error(`a pack opened a dialog: ${dialog.message()}`);
  });

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('qa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'qa');

  // Live view: the hint banner, the limit dialog, the grid profile, a toast.
  await expect(shown(page, '.alert b', 'still-default')).toBeVisible();
  await page.getByRole('button', { name: 'Set limit' }).click();
  const limit = page.getByRole('dialog');
  await limit.getByLabel('Absolute (W)').check();
  await expect(shown(limit, 'b', 'after-four-minutes')).toBeVisible();
  await expectNoTagsAndNothingRan(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Grid profile' }).click();
  const grid = page.getByRole('dialog');
  const guide = grid.getByRole('link', { name: 'grid-guide' });
  await expect(guide).toHaveAttribute('href', 'https://example.test/grid');
  await expect(guide).toHaveAttribute('target', '_blank');
  await expectNoTagsAndNothingRan(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Radio statistics/ }).click();
  await page.getByRole('button', { name: 'Reset statistics' }).click();
  await expect(shown(page, '.toast i', 'reset-italic')).toBeVisible();
  await expectNoTagsAndNothingRan(page);

  // Network: a class kept, its style attribute dropped.
  await page.goto('/settings/network');
  await expect(shown(page, '.form-text b', 'host-rule')).toBeVisible();
  const pattern = page.locator('span.font-monospace', { hasText: '%06X' });
  await expect(pattern).toBeVisible();
  expect(await pattern.getAttribute('style')).toBeNull();
  await expectNoTagsAndNothingRan(page);

  await page.goto('/settings/security');
  await expect(shown(page, 'b', 'password-rule')).toBeVisible();
  await expect(shown(page, 'sub', 'pw')).toBeVisible();
  // A javascript: link is only its text, and clicking that text does nothing.
  await expect(page.getByRole('link', { name: 'js-link' })).toHaveCount(0);
  await page.getByText('js-link').click();
  await expectNoTagsAndNothingRan(page);

  // NTP: a hint, and the device's answer to a save, both with markup.
  await page.goto('/settings/ntp');
  await expect(shown(page, 'b', 'sync-rule')).toBeVisible();
  await expect(page.getByText('frame-text')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(shown(page, '.alert b', 'saved-bold')).toBeVisible();
  await shown(page, '.alert u', 'saved-underlined').hover();
  await expectNoTagsAndNothingRan(page);

  await page.goto('/settings/inverter');
  await expect(shown(page, 'b', 'add-rule')).toBeVisible();
  await shown(page, 'strong', 'add-strong').click();
  await expect(shown(page, 'b', 'status-rule')).toBeVisible();
  await expect(shown(page, 'em', 'status-em')).toBeVisible();
  await expectNoTagsAndNothingRan(page);

  await page.goto('/settings/device');
  await expect(shown(page, '.alert code', 'profile-code')).toBeVisible();
  await expect(page.getByRole('link', { name: 'data-link' })).toHaveCount(0);
  await expectNoTagsAndNothingRan(page);

  await page.goto('/settings/config');
  await expect(shown(page, 'b', 'restore-rule')).toBeVisible();
  await expect(shown(page, 'small', 'restore-small')).toBeVisible();
  await expect(shown(page, 'b', 'reset-rule')).toBeVisible();
  await expect(shown(page, 'sup', 'reset-sup')).toBeVisible();
  await expect(shown(page, 'div.mt-1', 'reset-block')).toBeVisible();
  await expectNoTagsAndNothingRan(page);

  await page.goto('/maintenance/reboot');
  await expect(shown(page, 'b', 'reboot-rule')).toBeVisible();
  const issues = page.getByRole('link', { name: 'issue-link' });
  await expect(issues).toHaveClass('alert-link');
  await expect(issues).toHaveAttribute('target', '_blank');
  // What a pack left crossed, unclosed or as a stray "<" reads as the browser parses HTML.
  await expect(page.locator('b > i', { hasText: 'crossed-bold' })).toBeVisible();
  await expect(page.getByText('3<4 as-text')).toBeVisible();
  await expect(page.getByText('hidden-comment')).toHaveCount(0);
  await expectNoTagsAndNothingRan(page);

  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'docs-link' })).toHaveAttribute(
    'href',
    'https://example.test/docs',
  );
  await page.getByText('Discussion', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'relative-link' })).toHaveAttribute('href', '/about');
  await expect(page.locator('details[open] br')).toHaveCount(1);
  await expectNoTagsAndNothingRan(page);
});

test('the pin mapping hint: raised by the device for a mapping without radio pins, with its markup', async ({
  loggedIn: page,
  device,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Live data' })).toBeVisible();
  await expect(page.getByText('pin_mapping.json')).toHaveCount(0);

  // A board profile with a display but no radio: the device raises the hint after the restart.
  await device.upload(
    'pin_mapping.json',
    JSON.stringify([{ name: 'Display only', display: { type: 2, data: 21, clk: 22 } }]),
  );
  await device.waitForRestart();
  await device.post('api/device/config', {
    ...(await device.get<object>('api/device/config')),
    curPin: { name: 'Display only' },
  });
  await device.waitForRestart();

  await page.reload();
  const hint = page.getByRole('alert').filter({ hasText: 'has no radio pins' });
  await expect(hint).toBeVisible({ timeout: 10_000 });
  await expect(hint.locator('code')).toHaveText('pin_mapping.json');
});
