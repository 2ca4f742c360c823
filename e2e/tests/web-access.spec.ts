import { expect, test } from '../support/fixtures';

// These tests change the device's password and access rules: each gets its own device.
test.use({ fresh: true });

const NEW_PASSWORD = 'solar-Roof-7';

test('a stored login the device no longer accepts leads to the login and back', async ({
  loggedIn: page,
  device,
}) => {
  await device.setSecurity(NEW_PASSWORD, false);

  await page.goto('/info/system');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Finfo%2Fsystem$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/info\/system$/);
  await expect(page.getByRole('cell', { name: 'v25.4.10' })).toBeVisible();
});

test('without read-only access, the live view connects with the stored login', async ({
  browser,
  loggedIn: page,
  device,
}) => {
  await device.setSecurity(NEW_PASSWORD, false);
  const authdata = Buffer.from(`admin:${NEW_PASSWORD}`).toString('base64');
  await page.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));

  // v25.4.10 leaves the socket open whatever read-only says (firmware-v26.3.30 covers Digest).
  await page.goto('/');
  await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached();

  // A visitor without a login gets no live data: the live view's first call answers 401,
  // which leads to the login (spec §8), and no live connection is open there.
  const visitor = await browser.newPage({ baseURL: device.url });
  await visitor.goto('/');
  await expect(visitor).toHaveURL(/\/login\?returnUrl=/);
  // Two seconds on the page's own timers: any the app set sooner (a reconnect) have run.
  await visitor.evaluate(() => new Promise((done) => setTimeout(done, 2000)));
  await expect(visitor.getByRole('status', { name: 'Live connection active' })).toHaveCount(0);
  await visitor.close();
});
