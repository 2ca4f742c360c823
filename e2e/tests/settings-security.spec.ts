import type { SecurityConfig } from '@opendtu/api';
import { ADMIN, expect, test } from '../support/fixtures';
import { countPosts, postDirect } from '../support/settings';

test.use({ fresh: true });

test('a password and its repeat must match, and be 8 to 64 characters', async ({
  loggedIn: page,
  device,
}) => {
  const posts = countPosts(page, '/api/security/config');
  await page.goto('/settings/security');
  await page.getByLabel('New password').fill('sunshine-42');
  await page.getByLabel('Repeat the password').fill('sunshine-43');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords are not equal' })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat the password').fill('short');
  await expect(page.getByText('Enter 8 to 64 characters.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  expect(posts()).toBe(0);

  expect(
    (await postDirect(device.url, 'api/security/config', { password: 'short', allow_readonly: true })).code,
  ).toBe(10001);
  expect(
    (await postDirect(device.url, 'api/security/config', { password: 'x'.repeat(65), allow_readonly: true }))
      .code,
  ).toBe(10001);
});

test('after a password change the user stays logged in, and the settings are kept', async ({
  page,
  device,
}) => {
  // Logged in through the login page, so a reload keeps whatever the app stored.
  await page.goto('/login?returnUrl=%2Fsettings%2Fsecurity');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('New password')).toHaveValue('openDTU42');
  await page.getByLabel('New password').fill('sunshine-42');
  await page.getByLabel('Repeat the password').fill('sunshine-42');
  const readonly = page.getByRole('switch', { name: 'Allow viewing without logging in' });
  const wasReadonly = await readonly.isChecked();
  await readonly.setChecked(!wasReadonly);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // Read back with the new password: still on this page, still logged in.
  await page.reload();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveValue('sunshine-42');
  await expect(readonly).toBeChecked({ checked: !wasReadonly });
  device.password = 'sunshine-42';
  expect(await device.get<SecurityConfig>('api/security/config')).toEqual({
    password: 'sunshine-42',
    allow_readonly: !wasReadonly,
  });
});
