import type { NtpConfig, NtpTime } from '@opendtu/api';
import { JUNE_NOON } from '../support/emulator';
import { expect, test } from '../support/fixtures';
import { countPosts, postDirect } from '../support/settings';

test.use({ fresh: true });

test('NTP settings are changed, saved and still there after a reload', async ({ loggedIn: page, device }) => {
  await page.goto('/settings/ntp');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  await page.getByLabel('Server', { exact: true }).fill('time.example.org');
  // Choosing a zone sets its name and its POSIX rule together.
  await page.getByLabel('Time zone').fill('America/New_York');
  await expect(page.getByText(/Rule sent to the device: EST5EDT,M3\.2\.0,M11\.1\.0/)).toBeVisible();
  await page.getByLabel('Latitude').fill('40.7128');
  await page.getByLabel('Longitude').fill('-74.006');
  await page.getByLabel('Twilight used as sunset').selectOption({ label: 'Civil (96°)' });
  await expect(
    page.getByText('A new choice can take up to one minute to apply.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Server', { exact: true })).toHaveValue('time.example.org');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
  await expect(page.getByLabel('Latitude')).toHaveValue('40.7128');
  await expect(page.getByLabel('Longitude')).toHaveValue('-74.006');
  await expect(page.getByLabel('Twilight used as sunset')).toHaveValue('2');
  expect(await device.get<NtpConfig>('api/ntp/config')).toMatchObject({
    ntp_timezone: 'EST5EDT,M3.2.0,M11.1.0',
    ntp_timezone_descr: 'America/New_York',
    sunsettype: 2,
  });
});

test('a stored zone missing from the list is kept as a choice', async ({ loggedIn: page, device }) => {
  const config = await device.get<NtpConfig>('api/ntp/config');
  await device.post('api/ntp/config', { ...config, ntp_timezone_descr: 'Lab/Bench', ntp_timezone: 'LAB-3' });
  await page.goto('/settings/ntp');
  await expect(page.getByLabel('Time zone')).toHaveValue('Lab/Bench');
  await page.getByLabel('Server', { exact: true }).fill('ntp.lab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  expect(await device.get<NtpConfig>('api/ntp/config')).toMatchObject({
    ntp_server: 'ntp.lab',
    ntp_timezone_descr: 'Lab/Bench',
    ntp_timezone: 'LAB-3',
  });
});

test('invalid NTP values never leave the browser, and the device refuses them too', async ({
  loggedIn: page,
  device,
}) => {
  const posts = countPosts(page, '/api/ntp/config');
  const timePosts = countPosts(page, '/api/ntp/time');
  // The form starts from the browser's time: at the device's start time, not this machine's
  // (on the 30th of a month, filling the day with 30 changed nothing and showed no message).
  await page.clock.setFixedTime(JUNE_NOON);
  await page.goto('/settings/ntp');
  await expect(page.getByLabel('Day')).toHaveValue('21');
  await page.getByLabel('Latitude').fill('91');
  await expect(page.getByText('Enter a number from -90 to 90.')).toBeVisible();
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await expect(page.getByText('Choose a time zone from the list.')).toBeVisible();
  await page.getByLabel('Server', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Server', { exact: true })).toBeFocused();

  await page.getByLabel('Month').fill('13');
  await expect(page.getByText('Enter a whole number from 1 to 12.')).toBeVisible();
  await page.getByLabel('Month').fill('2');
  await page.getByLabel('Day').fill('30');
  await expect(page.getByText('Enter a whole number from 1 to 28.')).toBeVisible();
  await page.getByRole('button', { name: 'Set time' }).click();
  expect(posts()).toBe(0);
  expect(timePosts()).toBe(0);

  const config = await device.get<NtpConfig>('api/ntp/config');
  expect((await postDirect(device.url, 'api/ntp/config', { ...config, ntp_server: '' })).code).toBe(9001);
  const time = { year: 2030, month: 6, day: 1, hour: 12, minute: 0, second: 0 };
  expect((await postDirect(device.url, 'api/ntp/time', { ...time, year: 2021 })).code).toBe(9004);
  expect((await postDirect(device.url, 'api/ntp/time', { ...time, month: 13 })).code).toBe(9005);
});

test('both clocks tick, and the device clock is set by hand', async ({ loggedIn: page, device }) => {
  await page.goto('/settings/ntp');
  const deviceClock = page.getByTestId('device-clock');
  const browserClock = page.getByTestId('browser-clock');
  await expect(deviceClock).toHaveText(/\d\d:\d\d:\d\d/);
  const before = await browserClock.textContent();
  const deviceBefore = await deviceClock.textContent();
  await expect(browserClock).not.toHaveText(before ?? '', { timeout: 2500 });
  await expect(deviceClock).not.toHaveText(deviceBefore ?? '', { timeout: 2500 });

  for (const [label, value] of [
    ['Year', '2031'],
    ['Month', '7'],
    ['Day', '15'],
    ['Hour', '10'],
    ['Minute', '20'],
    ['Second', '30'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Set time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Device time set.' })).toBeVisible();
  await expect(deviceClock).toContainText('2031');
  const time = await device.get<NtpTime>('api/ntp/time');
  expect(time).toMatchObject({ year: 2031, month: 7, day: 15, hour: 10 });

  // One click takes the browser's own clock (its year, asked of the browser itself).
  await page.getByRole('button', { name: 'Set to browser time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Device time set.' }).first()).toBeVisible();
  await expect(deviceClock).toContainText(String(await page.evaluate(() => new Date().getFullYear())));
});
