import { ADMIN, expect, test } from '../support/fixtures';

test('login and logout round trip, back to the page that asked for it', async ({ page }) => {
  // The reboot screen needs the admin: a visitor is sent to the login first.
  await page.goto('/maintenance/reboot');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter the user name.')).toBeVisible();
  await expect(page.getByText('Please enter the password.')).toBeVisible();

  // Spaces never get into the user name.
  await page.getByLabel('User name').pressSequentially('ad min');
  await expect(page.getByLabel('User name')).toHaveValue('admin');

  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('User name or password is wrong.');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/maintenance\/reboot$/);
  await expect(page.getByRole('heading', { name: 'Restart device' })).toBeVisible();
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as {
    authdata?: string;
  };
  expect(user.authdata).toBe(Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64'));

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
