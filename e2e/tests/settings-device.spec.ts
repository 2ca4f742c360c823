import type { DeviceConfig, PinMappingFile } from '@opendtu/api';
import { expect, test } from '../support/fixtures';
import { postDirect } from '../support/settings';

// Saving the device settings restarts the device the first time (its stored profile name
// "" becomes "Default"): every test gets an emulator of its own.
test.use({ fresh: true });

const ETH_OFF = { enabled: false, phy_addr: 0, power: -1, mdc: 23, mdio: 18, type: 0, clk_mode: 0 };
const NO_DISPLAY = { type: 0, data: -1, clk: -1, cs: -1, reset: -1 };
const PROFILES: PinMappingFile = [
  {
    name: 'Roof board',
    links: [{ name: 'Wiring diagram', url: 'https://example.com/roof-board' }],
    nrf24: { clk: 12, cs: 13, en: 14, irq: 15, miso: 16, mosi: 17 },
    cmt: { clk: 18, cs: 19, fcs: 21, sdio: 22, gpio2: 32, gpio3: 33 },
    eth: ETH_OFF,
    display: NO_DISPLAY,
    led: { led0: 25, led1: 26 },
  },
  {
    name: 'CMT only',
    cmt: { clk: 18, cs: 19, fcs: 21, sdio: 22, gpio2: -1, gpio3: -1 },
    eth: ETH_OFF,
    display: NO_DISPLAY,
  },
];

test('display and LED settings are saved and kept; the first save restarts the device', async ({
  loggedIn: page,
  device,
}) => {
  await page.goto('/settings/device');
  await page.getByRole('tab', { name: 'Display' }).click();
  const powerSave = page.getByRole('switch', { name: 'Power saving' });
  const wasOn = await powerSave.isChecked();
  await powerSave.click();
  await page.getByLabel('Diagram', { exact: true }).selectOption({ label: 'Full screen' });
  await page.getByLabel('Diagram period').fill('1200');
  await page.getByLabel('Display language').selectOption({ label: 'German' });
  await page.getByLabel('Rotation').selectOption({ label: '90°' });
  const contrast = page.getByRole('slider', { name: /Contrast/ });
  await contrast.focus();
  await contrast.press('Home');
  await expect(contrast).toHaveAttribute('aria-valuetext', '0%');

  await page.getByRole('tab', { name: 'LEDs' }).click();
  const led0 = page.getByRole('slider', { name: /LED 0 brightness/ });
  const led1 = page.getByRole('slider', { name: /LED 1 brightness/ });
  await led0.focus();
  await led0.press('Home');
  await expect(led0).toHaveAttribute('aria-valuetext', '0%');
  await expect(led1).not.toHaveAttribute('aria-valuetext', '0%');
  // Equal brightness: every LED takes the first one's value, then they move together.
  await page.getByRole('switch', { name: 'Same brightness for every LED' }).click();
  await expect(led1).toHaveAttribute('aria-valuetext', '0%');
  await led1.focus();
  for (let step = 0; step < 30; step++) await led1.press('ArrowRight');
  await expect(led0).toHaveAttribute('aria-valuetext', '30%');
  await expect(led1).toHaveAttribute('aria-valuetext', '30%');

  await page.getByRole('button', { name: 'Save' }).click();
  // The profile name goes from "" to "Default": the device restarts and the app waits for it.
  await expect(page).toHaveURL(/\/wait$/, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });

  await page.goto('/settings/device');
  await page.getByRole('tab', { name: 'Display' }).click();
  await expect(powerSave).toBeChecked({ checked: !wasOn });
  await expect(page.getByLabel('Diagram', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('Diagram period')).toHaveValue('1200');
  await expect(page.getByLabel('Display language')).toHaveValue('de');
  await expect(page.getByLabel('Rotation')).toHaveValue('1');
  await expect(contrast).toHaveAttribute('aria-valuetext', '0%');
  await page.getByRole('tab', { name: 'LEDs' }).click();
  await expect(led0).toHaveAttribute('aria-valuetext', '30%');
  await expect(led1).toHaveAttribute('aria-valuetext', '30%');
  const stored = await device.get<DeviceConfig>('api/device/config');
  expect(stored.curPin.name).toBe('Default');
  expect(stored.display).toMatchObject({ diagrammode: 2, diagramduration: 1200, locale: 'de', rotation: 1 });
  expect(stored.led).toEqual([{ brightness: 30 }, { brightness: 30 }]);

  // Now the name is stored: a save reads the values back and stays on the page.
  await page.getByRole('tab', { name: 'Display' }).click();
  await page.getByLabel('Diagram period').fill('3600');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Display' }).click();
  await expect(page.getByLabel('Diagram period')).toHaveValue('3600');
});

test('a profile from pin_mapping.json is chosen, compared with the active pins and applied', async ({
  loggedIn: page,
  device,
}) => {
  await device.upload('pin_mapping.json', JSON.stringify(PROFILES));
  await device.waitForRestart();
  await page.goto('/settings/device');
  const profile = page.getByLabel('Pin mapping profile');
  await expect(profile).toHaveValue('Default');
  // The default settings are the firmware's own pins: named so, never flagged as differing.
  await expect(page.getByRole('row', { name: /^nrf24 clk/ })).toContainText('built in');
  await expect(page.getByText('differs')).toHaveCount(0);
  await profile.selectOption({ label: 'Roof board' });
  await expect(page.getByRole('link', { name: 'Wiring diagram' })).toHaveAttribute(
    'href',
    'https://example.com/roof-board',
  );
  const nrfClk = page.getByRole('row', { name: /^nrf24 clk/ });
  await expect(nrfClk).toContainText('differs');
  await expect(nrfClk).toContainText('12');

  await profile.selectOption({ label: 'CMT only' });
  await expect(page.getByRole('link', { name: 'Wiring diagram' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/wait$/, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });

  await page.goto('/settings/device');
  await expect(profile).toHaveValue('CMT only');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText('differs')).toHaveCount(0);

  // Without NRF24 pins the DTU screen offers only the CMT2300A radio's settings.
  await page.goto('/settings/dtu');
  await expect(page.getByLabel('CMT2300A region')).toBeVisible();
  await expect(page.getByLabel('NRF24 transmit power')).toHaveCount(0);
});

test('an unreadable pin_mapping.json is reported on the screen', async ({ loggedIn: page, device }) => {
  await device.upload('pin_mapping.json', '[{"name": "broken"');
  await device.waitForRestart();
  await page.goto('/settings/device');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The pin mapping file could not be read' }),
  ).toBeVisible();
  await expect(page.getByLabel('Pin mapping profile')).toHaveValue('Default');
});

test('invalid device values are refused in the browser, and by the device when sent directly', async ({
  loggedIn: page,
  device,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto('/settings/device');
  await page.getByRole('tab', { name: 'Display' }).click();
  await page.getByLabel('Diagram period').fill('599');
  await expect(page.getByText('Enter a whole number from 600 to 86400.')).toBeVisible();
  // Saving from another tab brings the field with the problem into view.
  await page.getByRole('tab', { name: 'LEDs' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Diagram period')).toBeFocused();
  expect(posts).toEqual([]);

  const config = await device.get<DeviceConfig>('api/device/config');
  const post = (data: unknown) => postDirect(device.url, 'api/device/config', data);
  expect(await post({ ...config, curPin: { ...config.curPin, name: '' } })).toMatchObject({
    type: 'warning',
    code: 12001,
    param: { max: 63 },
  });
  expect(await post({ ...config, curPin: { ...config.curPin, name: 'x'.repeat(64) } })).toMatchObject({
    code: 12001,
  });
  expect(await post({ led: config.led })).toMatchObject({ code: 1005 });
  expect(await device.get<DeviceConfig>('api/device/config')).toEqual(config);
});
