import { ADMIN, expect, test } from '../support/fixtures';

test('login and logout round trip, back to the page that asked for it', async ({ page }) => {
  // The reboot screen needs the admin: a visitor is sent to the login first.
  await page.goto('/maintenance/reboot');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  // Spaces never get into the user name.
  await page.getByLabel('Username').pressSequentially('ad min');
  await expect(page.getByLabel('Username')).toHaveValue('admin');

  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/maintenance\/reboot$/);
  await expect(page.getByRole('heading', { name: 'Device Reboot' })).toBeVisible();
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as {
    authdata?: string;
  };
  expect(user.authdata).toBe(Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64'));

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
