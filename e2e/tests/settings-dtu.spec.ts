import type { DtuConfig } from '@opendtu/api';
import { expect, test } from '../support/fixtures';
import { postDirect } from '../support/settings';

// Every test here changes the DTU settings: each gets an emulator of its own.
test.use({ fresh: true });

test('DTU settings are saved, read back and kept after a reload', async ({ loggedIn: page, device }) => {
  await page.goto('/settings/dtu');
  await page.getByLabel('Serial number').fill('199980123456');
  await page.getByLabel('Poll interval').fill('42');
  await page.getByLabel('NRF24 transmit power').selectOption({ label: 'High (-6 dBm)' });
  const power = page.getByRole('slider', { name: /CMT2300A transmit power/ });
  await power.focus();
  await power.press('ArrowRight');
  await power.press('ArrowRight');
  await expect(page.getByText('CMT2300A transmit power: 2 dBm')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Serial number')).toHaveValue('199980123456');
  await expect(page.getByLabel('Poll interval')).toHaveValue('42');
  await expect(page.getByLabel('NRF24 transmit power')).toHaveValue('2');
  await expect(page.getByText('CMT2300A transmit power: 2 dBm')).toBeVisible();
  const stored = await device.get<DtuConfig>('api/dtu/config');
  expect(stored).toMatchObject({ serial: '199980123456', pollinterval: 42, nrf_palevel: 2, cmt_palevel: 2 });
});

test('the frequency moves in channel steps, follows the region and warns outside the legal band', async ({
  loggedIn: page,
  device,
}) => {
  await page.goto('/settings/dtu');
  const frequency = page.getByRole('slider', { name: /CMT2300A frequency/ });
  await expect(frequency).toHaveAttribute('aria-valuetext', '865.000 MHz');
  await frequency.focus();
  await frequency.press('ArrowRight');
  await expect(frequency).toHaveAttribute('aria-valuetext', '865.250 MHz');
  const warning = page.getByRole('alert').filter({ hasText: 'outside the band allowed' });
  await expect(warning).toHaveCount(0);

  // A new region brings its default frequency.
  await page.getByLabel('CMT2300A region').selectOption({ label: 'North America (900.250 – 963.500 MHz)' });
  await expect(frequency).toHaveAttribute('aria-valuetext', '918.000 MHz');
  await expect(warning).toHaveCount(0);

  // The top of the radio band is allowed by the radio but not by the region: a warning, not a block.
  await frequency.press('End');
  await expect(frequency).toHaveAttribute('aria-valuetext', '963.500 MHz');
  await expect(warning).toContainText('905.000 – 925.000 MHz');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(frequency).toHaveAttribute('aria-valuetext', '963.500 MHz');
  await expect(page.getByLabel('CMT2300A region')).toHaveValue('1');
  await expect(warning).toBeVisible();
  expect(await device.get<DtuConfig>('api/dtu/config')).toMatchObject({
    cmt_country: 1,
    cmt_frequency: 963500000,
  });
});

test('invalid DTU values are refused in the browser and nothing is sent', async ({ loggedIn: page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto('/settings/dtu');
  await page.getByLabel('Serial number').fill('0');
  await expect(page.getByText('Enter a whole number from 1 to 199999999999.')).toBeVisible();
  await page.getByLabel('Serial number').fill('200000000000');
  await expect(page.getByLabel('Serial number')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Poll interval').fill('86401');
  await expect(page.getByText('Enter a whole number from 1 to 86400.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  // The first field with a problem takes the focus; the device hears nothing.
  await expect(page.getByLabel('Serial number')).toBeFocused();
  await page.getByLabel('Poll interval').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  expect(posts).toEqual([]);
});

test('the device refuses invalid DTU values sent directly, each with its code', async ({ device }) => {
  const config = await device.get<DtuConfig>('api/dtu/config');
  const { country_def: _bands, ...valid } = config;
  const answer = (change: Partial<DtuConfig>) =>
    postDirect(device.url, 'api/dtu/config', { ...valid, ...change });
  expect(await answer({ serial: '0' })).toMatchObject({ type: 'warning', code: 2001 });
  expect(await answer({ pollinterval: 0 })).toMatchObject({ code: 2002 });
  expect(await answer({ nrf_palevel: 4 })).toMatchObject({ code: 2003 });
  expect(await answer({ cmt_palevel: 21 })).toMatchObject({ code: 2003 });
  expect(await answer({ cmt_country: 3 })).toMatchObject({ code: 2005 });
  expect(await answer({ cmt_frequency: 865100000 })).toMatchObject({
    code: 2004,
    param: { min: 860250000, max: 923500000 },
  });
  expect(await device.get<DtuConfig>('api/dtu/config')).toEqual(config);
});

test('leaving the DTU settings with unsaved changes asks first', async ({ loggedIn: page }) => {
  await page.goto('/settings/dtu');
  await page.getByLabel('Poll interval').fill('30');
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Live view' }).click();
  await expect
    .poll(() => questions)
    .toEqual(['You have changes that are not saved. Leave this page and lose them?']);
  await expect(page).toHaveURL(/\/settings\/dtu$/);
  // Cancel reads the device's values again; nothing is left to lose.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Poll interval')).toHaveValue('5');
  await page.getByRole('link', { name: 'Live view' }).click();
  await expect(page).toHaveURL(/\/$/);
});
