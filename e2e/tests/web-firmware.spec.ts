import { expect, test } from '../support/fixtures';

// Every upload and reboot restarts the device: each test gets an emulator of its own.
test.use({ fresh: true });

/** A small stand-in for an ESP32 application image: magic byte 0xE9 first. */
function image(size: number, magic = 0xe9): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 13) & 0xff;
  bytes[0] = magic;
  return bytes;
}

/** A file that looks compressed (gzip mark 1F 8B) but holds no image: only the device can tell. */
function brokenGzip(size: number): Buffer {
  const bytes = image(size, 0x1f);
  bytes[1] = 0x8b;
  return bytes;
}

test('a file that is no firmware image is refused by the page, with the reason, before any upload', async ({
  loggedIn: page,
}) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/firmware/update')) uploads.push(request.method());
  });
  await page.goto('/firmware/upgrade');
  const picker = page.getByLabel('Firmware file (.bin or .bin.gz)');
  await picker.setInputFiles({
    name: 'firmware.bin',
    mimeType: 'application/octet-stream',
    buffer: image(4096, 0x7f),
  });
  await expect(page.getByRole('alert')).toHaveText(
    /^Not an ESP32 firmware image: it would begin with the byte 0xE9/,
  );
  await expect(page.getByRole('button', { name: 'Upload and install' })).toBeDisabled();
  // An image, or a compressed one, is let through.
  await picker.setInputFiles({
    name: 'firmware.bin',
    mimeType: 'application/octet-stream',
    buffer: image(4096),
  });
  await expect(page.getByRole('button', { name: 'Upload and install' })).toBeEnabled();
  await picker.setInputFiles({
    name: 'firmware.bin.gz',
    mimeType: 'application/gzip',
    buffer: brokenGzip(4096),
  });
  await expect(page.getByRole('button', { name: 'Upload and install' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test('without a login the upgrade and reboot screens send the user to the login first', async ({ page }) => {
  await page.goto('/firmware/upgrade');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Ffirmware%2Fupgrade$/);
  await page.goto('/maintenance/reboot');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
});

test('an image the device refuses shows the OTA error; Retry sends it again, Back clears', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(60_000);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/firmware/update')) uploads.push(request.method());
  });
  await page.goto('/firmware/upgrade');
  await page.getByLabel('Firmware file (.bin or .bin.gz)').setInputFiles({
    name: 'firmware.bin.gz',
    mimeType: 'application/gzip',
    buffer: brokenGzip(200_000),
  });
  await page.getByRole('button', { name: 'Upload and install' }).click();
  const error = page.getByRole('region', { name: 'OTA error' });
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error.getByRole('alert')).toHaveText('FAIL');
  expect(uploads).toEqual(['POST']);

  // The device restarts after a failed upload too; Retry waits for it and uploads again.
  await device.waitForRestart();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => uploads.length, { timeout: 15_000 }).toBe(2);
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error.getByRole('alert')).toHaveText('FAIL');

  await error.getByRole('button', { name: 'Back' }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload and install' })).toBeDisabled();
});

test('an image whose MD5 does not match (spoilt on its way) shows the OTA error; Retry installs it', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(60_000);
  // The browser hashes the very file it sends, so a mismatch can only come from the way
  // there: the first upload has its MD5 field altered in transit (same length), and goes
  // on to the real emulator, which compares it with the image it received.
  let spoilt = 0;
  await page.route('**/api/firmware/update', async (route) => {
    const body = route.request().postDataBuffer();
    if (spoilt > 0 || !body) return route.continue();
    spoilt += 1;
    const text = body.toString('latin1');
    const altered = text.replace(
      /(name="MD5"\r\n\r\n)([0-9a-f]{32})/,
      (_all, head: string, md5: string) =>
        head + (md5.startsWith('0') ? `1${md5.slice(1)}` : `0${md5.slice(1)}`),
    );
    expect(altered).not.toBe(text);
    await route.continue({ postData: Buffer.from(altered, 'latin1') });
  });
  const size = 250_017;
  await page.goto('/firmware/upgrade');
  await page.getByLabel('Firmware file (.bin or .bin.gz)').setInputFiles({
    name: 'opendtu.bin',
    mimeType: 'application/octet-stream',
    buffer: image(size),
  });
  await page.getByRole('button', { name: 'Upload and install' }).click();
  const error = page.getByRole('region', { name: 'OTA error' });
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error.getByRole('alert')).not.toBeEmpty();
  expect(spoilt).toBe(1);

  await device.waitForRestart();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Upgrade done' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  const status = await device.get<{ sketch_used: number }>('api/system/status');
  expect(status.sketch_used).toBe(size);
});

test('a good image is installed: success, the wait page, then the app reloads on the new image', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(60_000);
  const size = 300_123;
  await page.goto('/firmware/upgrade');
  await page.getByLabel('Firmware file (.bin or .bin.gz)').setInputFiles({
    name: 'opendtu-new.bin',
    mimeType: 'application/octet-stream',
    buffer: image(size),
  });
  await page.getByRole('button', { name: 'Upload and install' }).click();
  await expect(page.getByRole('region', { name: 'Upgrade done' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/wait\?reload=1$/);
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  // The device runs the flashed image: its size is what the system status reports.
  const status = await device.get<{ sketch_used: number }>('api/system/status');
  expect(status.sketch_used).toBe(size);
});

test('reboot: confirmation, the answer, the wait page, and back home', async ({ loggedIn: page, device }) => {
  test.setTimeout(60_000);
  await page.goto('/maintenance/reboot');
  await page.getByRole('button', { name: 'Reboot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reboot the device?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await device.isUp()).toBe(true);

  await page.getByRole('button', { name: 'Reboot' }).click();
  await dialog.getByRole('button', { name: 'Reboot' }).click();
  await expect(page.getByText('Reboot started.')).toBeVisible();
  await expect(page).toHaveURL(/\/wait$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The device is not yet ready');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  const status = await device.get<{ resetreason_0: string }>('api/system/status');
  expect(status.resetreason_0).toBe('Software reset CPU');
});
