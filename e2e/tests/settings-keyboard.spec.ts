import type { NtpConfig } from '@opendtu/api';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

test.use({ fresh: true });

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

/** A focus ring the user can see: Bootstrap draws it as an outline or a box shadow. */
const focusVisible = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
  });

test('the NTP server is changed and saved with the keyboard alone', async ({ loggedIn: page, device }) => {
  await page.goto('/settings/ntp');
  const server = page.getByLabel('Server', { exact: true });
  await expect(server).toHaveValue('opendtu.pool.ntp.org');

  await tabTo(page, server);
  expect(await focusVisible(server)).toBe(true);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('ntp.keyboard.test');

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save);
  expect(await focusVisible(save)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(server).toHaveValue('ntp.keyboard.test');
  expect((await device.get<NtpConfig>('api/ntp/config')).ntp_server).toBe('ntp.keyboard.test');
});
