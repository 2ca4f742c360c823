import type { MqttStatus, NetworkStatus, NtpStatus, SystemStatus } from '@opendtu/api';
import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** The firmware compare API the version check calls (lib/firmware-version.ts). */
const COMPARE_API = 'https://api.github.com/repos/tbnobody/OpenDTU/compare/**';

/** Answers the version check locally and records what was asked. */
async function standInForGitHub(page: Page, answer: (route: Route) => Promise<void>): Promise<string[]> {
  const asked: string[] = [];
  await page.route(COMPARE_API, async (route) => {
    asked.push(route.request().url());
    await answer(route);
  });
  return asked;
}

/** The table row of an info card whose header reads exactly `label`. */
const row = (card: Locator, label: string) =>
  card.getByRole('row').filter({ has: card.page().getByRole('rowheader', { name: label, exact: true }) });

const reloadButton = (page: Page) => page.getByRole('button', { name: 'Reload' });

/** Clicks Reload and waits for the page to ask the device again. */
async function reloadFrom(page: Page, path: string): Promise<void> {
  const asked = page.waitForResponse((response) => response.url().endsWith(path) && response.ok());
  await reloadButton(page).click();
  await asked;
}

test('system information shows what the device reports, and reloads', async ({ loggedIn: page, device }) => {
  const status = await device.get<SystemStatus>('api/system/status');
  await page.goto('/info/system');
  const firmware = page.getByRole('region', { name: 'Firmware' });
  await expect(row(firmware, 'Host name')).toContainText(status.hostname);
  await expect(row(firmware, 'SDK version')).toContainText(status.sdkversion);
  await expect(row(firmware, 'Configuration format')).toContainText(status.config_version);
  await expect(row(firmware, 'Build environment (PIO)')).toContainText(status.pioenv);
  await expect(row(firmware, 'Last reset reason, CPU 0')).toContainText(status.resetreason_0);
  await expect(firmware.getByRole('link', { name: status.git_hash })).toHaveAttribute(
    'href',
    `https://github.com/tbnobody/OpenDTU/releases/tag/${status.git_hash}`,
  );
  await expect(row(firmware, 'Running for')).toContainText(/\d+ days? \d\d:\d\d:\d\d/);

  const hardware = page.getByRole('region', { name: 'Hardware' });
  await expect(row(hardware, 'Chip model')).toContainText(status.chipmodel);
  await expect(row(hardware, 'CPU clock')).toContainText(`${status.cpufreq} MHz`);
  await expect(row(hardware, 'Flash memory')).toContainText('4,096 kB (4 MB)');

  const memory = page.getByRole('region', { name: 'Memory' });
  const sketchPercent = Math.round((status.sketch_used / status.sketch_total) * 100);
  await expect(memory.getByRole('progressbar', { name: 'Firmware slot' })).toHaveAttribute(
    'aria-valuenow',
    String(sketchPercent),
  );
  await expect(row(memory, 'Firmware slot')).toContainText(`${sketchPercent}%`);

  const tasks = page.getByRole('region', { name: 'Tasks' });
  for (const task of status.task_details ?? [])
    await expect(tasks.getByText(task.name, { exact: true })).toBeVisible();

  const radios = page.getByRole('region', { name: 'Radio modules' });
  await expect(row(radios, 'NRF24 chip type')).toContainText(status.nrf_connected ? 'nRF24L01' : 'unknown');
  await expect(row(radios, 'CMT2300A chip')).toContainText(
    status.cmt_connected ? 'answers' : /does not answer|not set up/,
  );

  // Uptime moves on, so a reload shows new figures.
  const before = await row(firmware, 'Running for').textContent();
  await expect
    .poll(async () => {
      await reloadFrom(page, '/api/system/status');
      return row(firmware, 'Running for').textContent();
    })
    .not.toBe(before);
});

test('the version check asks first and sends nothing until allowed', async ({ loggedIn: page }) => {
  const asked = await standInForGitHub(page, (route) =>
    route.fulfill({ json: { total_commits: 3, html_url: 'https://github.com/tbnobody/OpenDTU/compare/x' } }),
  );
  await page.goto('/info/system');
  const question = page.getByRole('region', { name: 'Version check' });
  await expect(question).toBeVisible();
  await expect(page.getByRole('link', { name: 'v25.4.10' })).toBeVisible();
  await question.getByRole('button', { name: 'No, thanks' }).click();
  await expect(question).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'v25.4.10' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Version check' })).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Ask GitHub for newer versions' })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('allowVersionInfo'))).toBe('0');
  expect(asked).toEqual([]);

  // Changing one's mind later: the switch.
  await page.getByRole('switch', { name: 'Ask GitHub for newer versions' }).check();
  const newer = page.getByRole('link', { name: 'A newer firmware is available: see what changed' });
  await expect(newer).toHaveAttribute('href', 'https://github.com/tbnobody/OpenDTU/compare/x');
  await expect(newer).toHaveClass(/text-bg-danger/);
  expect(asked).toEqual(['https://api.github.com/repos/tbnobody/OpenDTU/compare/v25.4.10...HEAD']);
  expect(await page.evaluate(() => localStorage.getItem('allowVersionInfo'))).toBe('1');
});

test('the version check reports up to date, and a failure', async ({ loggedIn: page }) => {
  let fail = false;
  await standInForGitHub(page, (route) =>
    fail
      ? route.fulfill({ status: 403, json: { message: 'API rate limit exceeded' } })
      : route.fulfill({ json: { total_commits: 0, html_url: 'https://github.com/x' } }),
  );
  await page.goto('/info/system');
  await page
    .getByRole('region', { name: 'Version check' })
    .getByRole('button', { name: 'Allow the check' })
    .click();
  const current = page.getByText('Firmware is up to date');
  await expect(current).toBeVisible();
  await expect(current).toHaveClass(/text-bg-success/);

  fail = true;
  await page.reload();
  // The badge names the failure itself, as the service gave it.
  const failed = page.getByText('Error fetching version information');
  await expect(failed).toHaveText('Error fetching version information (HTTP 403: API rate limit exceeded)');
  await expect(failed).toHaveClass(/text-bg-secondary/);
});

test('network information shows station, access point and interface, and reloads', async ({
  loggedIn: page,
  device,
}) => {
  const status = await device.get<NetworkStatus>('api/network/status');
  await page.goto('/info/network');
  const station = page.getByRole('region', { name: 'Wi-Fi connection' });
  await expect(row(station, 'State')).toContainText(status.sta_status ? 'on' : 'off');
  await expect(row(station, 'Access point (BSSID)')).toContainText(status.sta_bssid);
  const ap = page.getByRole('region', { name: /Own access point/ });
  await expect(row(ap, 'Network name (SSID)')).toContainText(status.ap_ssid);
  await expect(row(ap, 'Devices connected')).toContainText(String(status.ap_stationnum));
  const iface = page.getByRole('region', { name: `Network interface (${status.network_mode})` });
  await expect(row(iface, 'Host name')).toContainText(status.network_hostname);
  await expect(row(iface, 'IP address')).toContainText(status.network_ip);
  await expect(row(iface, 'MAC address')).toContainText(status.network_mac);
  await expect(page.getByRole('region', { name: 'Access point interface' })).toContainText(status.ap_mac);
  await reloadFrom(page, '/api/network/status');
  await expect(row(iface, 'MAC address')).toContainText(status.network_mac);
});

test.describe('with a Wi-Fi network configured', () => {
  // Joining a network cannot be undone by the API (an empty SSID is refused): own device.
  test.use({ fresh: true });

  test('a Wi-Fi station shows its signal as RSSI and quality', async ({ loggedIn: page, device }) => {
    const config = await device.get<Record<string, unknown>>('api/network/config');
    await device.post('api/network/config', { ...config, ssid: 'Garden' });
    const status = await device.get<NetworkStatus>('api/network/status');
    await page.goto('/info/network');
    const station = page.getByRole('region', { name: 'Wi-Fi connection' });
    await expect(row(station, 'Network name (SSID)')).toContainText('Garden');
    await expect(row(station, 'Signal strength (RSSI)')).toContainText(/-\d+ dBm/);
    const rssi = Number(
      /(-\d+) dBm/.exec((await row(station, 'Signal strength (RSSI)').textContent()) ?? '')![1],
    );
    const quality = rssi <= -100 ? 0 : rssi >= -50 ? 100 : 2 * (rssi + 100);
    await expect(row(station, 'Signal quality')).toContainText(`${quality}%`);
    expect(status.sta_status).toBe(true);
  });
});

test('NTP information shows settings, clock and sun, and reloads', async ({ loggedIn: page, device }) => {
  const status = await device.get<NtpStatus>('api/ntp/status');
  await page.goto('/info/ntp');
  const settings = page.getByRole('region', { name: 'Settings in force' });
  await expect(row(settings, 'Server')).toContainText(status.ntp_server);
  await expect(row(settings, 'Time zone')).toContainText(status.ntp_timezone_descr);
  const clock = page.getByRole('region', { name: 'Clock and sun' });
  await expect(row(clock, 'State')).toContainText(status.ntp_status ? 'synchronised' : 'not synchronised');
  if (status.sun_isSunsetAvailable) {
    await expect(row(clock, 'Sunrise')).toContainText(status.sun_risetime);
    await expect(row(clock, 'Sunset')).toContainText(status.sun_settime);
  }
  await expect(row(clock, 'Period')).toContainText(status.sun_isDayPeriod ? 'day' : 'night');
  await reloadFrom(page, '/api/ntp/status');
  await expect(row(clock, 'Device time')).toContainText(/\d\d:\d\d:\d\d/);
});

test('MQTT information shows the connection and the settings in force, and reloads', async ({
  loggedIn: page,
  device,
}) => {
  const status = await device.get<MqttStatus>('api/mqtt/status');
  await page.goto('/info/mqtt');
  await expect(page.getByRole('region', { name: 'Connection' })).toContainText(
    status.mqtt_connected ? 'connected' : 'disconnected',
  );
  const settings = page.getByRole('region', { name: 'Settings in force' });
  await expect(row(settings, 'Client ID')).toContainText(status.mqtt_clientid);
  await expect(row(settings, 'Base topic')).toContainText(status.mqtt_topic);
  await expect(row(settings, 'Last-will topic')).toContainText(status.mqtt_lwt_topic);
  await expect(row(settings, 'Publish every')).toContainText(`${status.mqtt_publish_interval} s`);
  const hass = page.getByRole('region', { name: 'Home Assistant discovery' });
  await expect(row(hass, 'Base topic')).toContainText(status.mqtt_hass_topic);
  await reloadFrom(page, '/api/mqtt/status');
});

test('About has five sections, documentation open, each opening on demand', async ({ page }) => {
  await page.goto('/about');
  const sections = page.locator('details');
  await expect(sections).toHaveCount(5);
  await expect(page.getByRole('link', { name: /opendtu\.solar/ })).toBeVisible();
  const discussion = page.getByText('Discussion', { exact: true });
  await expect(page.getByRole('link', { name: 'Community discussions' })).toBeHidden();
  await discussion.click();
  await expect(page.getByRole('link', { name: 'Community discussions' })).toHaveAttribute(
    'href',
    'https://github.com/tbnobody/OpenDTU/discussions',
  );
});

test.describe('with MQTT over TLS', () => {
  test.use({ fresh: true });

  test('MQTT information shows the CA certificate summary only when TLS is on', async ({
    loggedIn: page,
    device,
  }) => {
    await page.goto('/info/mqtt');
    const settings = page.getByRole('region', { name: 'Settings in force' });
    await expect(row(settings, 'Encrypted (TLS)')).toContainText('off');
    await expect(row(settings, 'CA certificate')).toHaveCount(0);

    const config = await device.get<Record<string, unknown>>('api/mqtt/config');
    await device.post('api/mqtt/config', { ...config, mqtt_tls: true });
    const status = await device.get<MqttStatus>('api/mqtt/status');
    await reloadFrom(page, '/api/mqtt/status');
    await expect(row(settings, 'Encrypted (TLS)')).toContainText('on');
    const issuer = /issuer name\s*: (.*)/.exec(status.mqtt_root_ca_cert_info)![1]!;
    await expect(row(settings, 'CA certificate')).toContainText(issuer);
    await expect(row(settings, 'Log in by client certificate')).toContainText('off');
  });
});
