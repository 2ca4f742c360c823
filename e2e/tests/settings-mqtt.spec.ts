import type { MqttConfig } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { countPosts, postDirect } from '../support/settings';

test.use({ fresh: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test('MQTT sections appear and disappear with their switches', async ({ loggedIn: page }) => {
  await page.goto('/settings/mqtt');
  const mqtt = page.getByRole('switch', { name: 'Publish over MQTT' });
  await expect(mqtt).not.toBeChecked();
  for (const name of ['Broker', 'Encryption (TLS)', 'Last will (LWT)', 'Home Assistant']) {
    await expect(heading(page, name)).toBeHidden();
  }
  await expect(page.getByRole('switch', { name: 'Home Assistant discovery' })).toBeHidden();

  await mqtt.check();
  for (const name of ['Broker', 'Encryption (TLS)', 'Last will (LWT)'])
    await expect(heading(page, name)).toBeVisible();
  await expect(heading(page, 'Home Assistant')).toBeHidden();
  await page.getByRole('switch', { name: 'Home Assistant discovery' }).check();
  await expect(heading(page, 'Home Assistant')).toBeVisible();

  const tls = page.getByRole('switch', { name: 'Connect with TLS' });
  await tls.uncheck();
  await expect(page.getByLabel('Root certificate (CA)')).toBeHidden();
  await tls.check();
  await expect(page.getByLabel('Root certificate (CA)')).toBeVisible();
  await expect(page.getByLabel('Client certificate', { exact: true })).toBeHidden();
  await page.getByRole('switch', { name: 'Log in with a client certificate' }).check();
  await expect(page.getByLabel('Client certificate', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Client key')).toBeVisible();

  await page.getByRole('switch', { name: 'Home Assistant discovery' }).uncheck();
  await expect(heading(page, 'Home Assistant')).toBeHidden();
  await mqtt.uncheck();
  for (const name of ['Broker', 'Encryption (TLS)', 'Last will (LWT)'])
    await expect(heading(page, name)).toBeHidden();
});

test('MQTT settings are changed, saved and still there after a reload', async ({
  loggedIn: page,
  device,
}) => {
  await page.goto('/settings/mqtt');
  await page.getByRole('switch', { name: 'Publish over MQTT' }).check();
  await page.getByRole('switch', { name: 'Home Assistant discovery' }).check();
  await page.getByLabel('Server').fill('broker.example.net');
  await page.getByLabel('Port').fill('8883');
  await page.getByLabel('User name').fill('dtu');
  await page.getByLabel('Password').fill('mqtt-secret');
  await page.getByLabel('Base topic').fill('roof/');
  await page.getByLabel('Publish every').fill('30');
  await page.getByLabel('Topic', { exact: true }).fill('dtu/alive');
  await page.getByLabel('Quality of service (QoS)').selectOption({ label: '1: at least once' });
  await page.getByLabel('Discovery prefix').fill('ha/');
  await page.getByRole('switch', { name: 'One device per panel' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Publish over MQTT' })).toBeChecked();
  await expect(page.getByLabel('Server')).toHaveValue('broker.example.net');
  await expect(page.getByLabel('Port')).toHaveValue('8883');
  await expect(page.getByLabel('Base topic')).toHaveValue('roof/');
  await expect(page.getByLabel('Publish every')).toHaveValue('30');
  await expect(page.getByLabel('Quality of service (QoS)')).toHaveValue('1');
  await expect(page.getByLabel('Discovery prefix')).toHaveValue('ha/');
  await expect(page.getByRole('switch', { name: 'One device per panel' })).toBeChecked();
  expect(await device.get<MqttConfig>('api/mqtt/config')).toMatchObject({
    mqtt_enabled: true,
    mqtt_password: 'mqtt-secret',
    mqtt_lwt_topic: 'dtu/alive',
    mqtt_lwt_qos: 1,
    mqtt_hass_enabled: true,
    mqtt_publish_interval: 30,
  });
});

test('invalid MQTT values never leave the browser, and the device refuses them too', async ({
  loggedIn: page,
  device,
}) => {
  const posts = countPosts(page, '/api/mqtt/config');
  await page.goto('/settings/mqtt');
  await page.getByRole('switch', { name: 'Publish over MQTT' }).check();
  await page.getByLabel('Server').fill('broker.example.net');
  await page.getByLabel('Base topic').fill('so lar/');
  await expect(page.getByText('Spaces are not allowed here.')).toBeVisible();
  await page.getByLabel('Base topic').fill('solar');
  await expect(page.getByText('End the topic with a slash (/).')).toBeVisible();
  await page.getByLabel('Publish every').fill('4');
  await expect(page.getByText('Enter a whole number from 5 to 86400.')).toBeVisible();
  await page.getByLabel('Port').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true');
  expect(posts()).toBe(0);

  const valid = {
    ...(await device.get<MqttConfig>('api/mqtt/config')),
    mqtt_enabled: true,
    mqtt_hostname: 'b',
  };
  const code = async (change: Partial<MqttConfig>) =>
    (await postDirect(device.url, 'api/mqtt/config', { ...valid, ...change })).code;
  expect(await code({ mqtt_hostname: '' })).toBe(7001);
  expect(await code({ mqtt_topic: 'so lar/' })).toBe(7005);
  expect(await code({ mqtt_topic: 'solar' })).toBe(7006);
  expect(await code({ mqtt_port: 0 })).toBe(7007);
  expect(await code({ mqtt_lwt_topic: 'x'.repeat(33) })).toBe(7009);
  expect(await code({ mqtt_publish_interval: 4 })).toBe(7013);
  expect(await code({ mqtt_lwt_qos: 3 })).toBe(7016);
});
