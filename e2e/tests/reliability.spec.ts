import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, test } from '../support/fixtures';
import { liveStatus } from '../support/live-status';

/**
 * Issue 16, in the browser: the live view rides out a device restart, a 401 in the middle
 * of a session leads to the login and back to the same page, and the login works with the
 * keyboard alone, with a visible focus at every stop.
 */

test.describe('sessions that outlive the device', () => {
  // These tests restart the device or change its password: each gets an emulator of its own.
  test.use({ fresh: true });

  test('the live view shows offline while the device is away and reconnects after the restart', async ({
    loggedIn: page,
    device,
  }) => {
    await page.goto('/');
    const { online, offline } = liveStatus(page);
    await expect(online).toBeAttached();

    await device.post('api/maintenance/reboot', { reboot: true });
    await expect.poll(() => device.isUp(), { timeout: 10_000 }).toBe(false);
    // While nothing answers, the page says so.
    await expect(offline).toBeAttached({ timeout: 10_000 });
    expect(await device.isUp()).toBe(false);
    // Back without a reload, on the same page.
    await expect(online).toBeAttached({ timeout: 20_000 });
    expect(await device.isUp()).toBe(true);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a 401 in the middle of a session leads to the login and back to the same page', async ({
    loggedIn: page,
    device,
  }) => {
    await page.goto('/info/system');
    const heading = page.getByRole('heading', { level: 1 });
    const title = (await heading.textContent()) ?? '';
    expect(title).not.toBe('');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

    // Another admin changes the password and turns read-only access off meanwhile.
    await device.setSecurity('changed-password', false);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Finfo%2Fsystem$/);

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('changed-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/info\/system$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
});

/** Whether an element shows where the focus is: an outline or a focus shadow. */
async function focusIsVisible(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    return outline || shadow ? 'visible' : `no visible focus on ${name}`;
  });
}

/** Presses Tab until `target` has the focus, checking that every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, stops: { count: number }): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    stops.count += 1;
    await expect.poll(() => focusIsVisible(page)).toBe('visible');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the element was not reached with Tab');
}

test('keyboard only: log in, back to the page that asked, focus visible at every stop', async ({ page }) => {
  const stops = { count: 0 };
  await page.goto('/maintenance/reboot');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);

  await tabTo(page, page.getByLabel('Username'), stops);
  await page.keyboard.type(ADMIN.username);
  await tabTo(page, page.getByLabel('Password'), stops);
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');

  // Back to the password with the keyboard (wherever the page left the focus), correct it,
  // and send with the button.
  const password = page.getByLabel('Password');
  if (!(await password.evaluate((element) => element === document.activeElement))) {
    await tabTo(page, password, stops);
  }
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(ADMIN.password);
  await tabTo(page, page.getByRole('button', { name: 'Log in' }), stops);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/maintenance\/reboot$/);
  await expect(page.getByRole('heading', { name: 'Device Reboot' })).toBeVisible();
  console.log(`keyboard login: ${stops.count} focus stops, each with a visible focus indicator`);
});
