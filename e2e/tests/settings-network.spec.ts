import type { NetworkConfig } from '@opendtu/api';
import { expect, test } from '../support/fixtures';
import { countPosts, postDirect } from '../support/settings';

test.use({ fresh: true });

test('network settings are changed, saved and still there after a reload', async ({
  loggedIn: page,
  device,
}) => {
  await page.goto('/settings/network');
  // The stored pattern, not the expanded name, with the placeholder explained.
  await expect(page.getByLabel('Host name')).toHaveValue('OpenDTU-%06X');
  await expect(page.getByText(/%06X stands for the last six hexadecimal digits/)).toBeVisible();

  await page.getByLabel('Network name (SSID)').fill('Roof-WLAN');
  await page.getByLabel('Wi-Fi password').fill('sunny-days');
  await page.getByLabel('Host name').fill('dtu-garage');
  await expect(page.getByRole('heading', { name: 'Fixed address' })).toBeHidden();
  await page.getByRole('switch', { name: /DHCP/ }).uncheck();
  await expect(page.getByRole('heading', { name: 'Fixed address' })).toBeVisible();
  await page.getByLabel('IP address').fill('192.168.10.50');
  await page.getByLabel('Netmask').fill('255.255.255.0');
  await page.getByLabel('Gateway').fill('192.168.10.1');
  await page.getByLabel('DNS server 1').fill('192.168.10.1');
  await page.getByLabel('DNS server 2').fill('9.9.9.9');
  await page.getByRole('switch', { name: /mDNS/ }).check();
  await page.getByLabel('Keep the access point open for').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Host name')).toHaveValue('dtu-garage');
  await expect(page.getByLabel('Network name (SSID)')).toHaveValue('Roof-WLAN');
  await expect(page.getByRole('switch', { name: /DHCP/ })).not.toBeChecked();
  await expect(page.getByLabel('IP address')).toHaveValue('192.168.10.50');
  await expect(page.getByLabel('DNS server 2')).toHaveValue('9.9.9.9');
  await expect(page.getByRole('switch', { name: /mDNS/ })).toBeChecked();
  await expect(page.getByLabel('Keep the access point open for')).toHaveValue('0');
  const stored = await device.get<NetworkConfig>('api/network/config');
  expect(stored).toMatchObject({
    hostname: 'dtu-garage',
    dhcp: false,
    gateway: '192.168.10.1',
    aptimeout: 0,
  });
});

test('invalid network values never leave the browser, and the device refuses them too', async ({
  loggedIn: page,
  device,
}) => {
  const posts = countPosts(page, '/api/network/config');
  await page.goto('/settings/network');
  await page.getByLabel('Network name (SSID)').fill('Roof-WLAN');
  await page.getByRole('switch', { name: /DHCP/ }).uncheck();
  await page.getByLabel('IP address').fill('192.168.1.300');
  await expect(page.getByText('Enter an address such as 192.168.1.10.')).toBeVisible();
  await page.getByLabel('Keep the access point open for').fill('100000');
  await expect(page.getByText('Enter a whole number from 0 to 99999.')).toBeVisible();
  await page.getByLabel('Host name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  // The first problem gets the focus; nothing went to the device.
  await expect(page.getByLabel('Host name')).toBeFocused();
  await expect(page.getByText('This field is required.')).toBeVisible();
  expect(posts()).toBe(0);

  const valid = await device.get<NetworkConfig>('api/network/config');
  const sent = { ...valid, ssid: 'Roof-WLAN' };
  expect(
    (await postDirect(device.url, 'api/network/config', { ...sent, ipaddress: '192.168.1.300' })).code,
  ).toBe(8001);
  expect((await postDirect(device.url, 'api/network/config', { ...sent, dns2: 'dns.example' })).code).toBe(
    8005,
  );
  expect((await postDirect(device.url, 'api/network/config', { ...sent, aptimeout: 100000 })).code).toBe(
    8006,
  );
});

test('leaving the form with unsaved changes asks first', async ({ loggedIn: page }) => {
  await page.goto('/settings/network');
  await page.getByLabel('Host name').fill('dtu-unsaved');
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'NTP' }).first().click();
  await expect(page).toHaveURL(/\/settings\/network$/);
  await expect(page.getByLabel('Host name')).toHaveValue('dtu-unsaved');
  expect(questions).toEqual(['You have changes that are not saved. Leave this page and lose them?']);
});
