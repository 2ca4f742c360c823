import { expect, test } from '../support/fixtures';
import { liveStatus } from '../support/live-status';

test('the console picks the device up again after a restart, without a reload', async ({
  loggedIn: page,
  device,
}) => {
  await page.goto('/info/console');
  const { online, offline } = liveStatus(page);
  await expect(online).toBeAttached();

  await device.post('api/maintenance/reboot', { reboot: true });
  await expect(offline).toBeAttached({ timeout: 10_000 });
  await expect(online).toBeAttached({ timeout: 20_000 });
  // Log lines of the restarted device arrive in the same page.
  const output = page.getByLabel('Device log');
  const before = (await output.inputValue()).length;
  await expect
    .poll(async () => (await output.inputValue()).length, { timeout: 15_000 })
    .toBeGreaterThan(before);
});

test('the wait page goes home once the restarted device answers', async ({ loggedIn: page, device }) => {
  await page.goto('/about');
  await device.post('api/maintenance/reboot', { reboot: true });
  await expect.poll(() => device.isUp(), { timeout: 10_000 }).toBe(false);

  // The app is already loaded; move to the wait page without a reload, as its links do.
  await page.evaluate(() => {
    history.pushState(null, '', '/wait');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The device is not yet ready');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  expect(await device.isUp()).toBe(true);
});
