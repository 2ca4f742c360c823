import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Every test here restarts or changes the device: each gets an emulator of its own.
test.use({ fresh: true });

interface InverterList {
  inverter: { id: number; name: string; [key: string]: unknown }[];
}

/** Every upload request the page sends, to prove that a refused file never leaves it. */
function uploadsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/file/upload')) seen.push(request.url());
  });
  return seen;
}

test('back up, change a setting, restore the backup: after the restart the old value is back', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(60_000);
  const { inverter } = await device.get<InverterList>('api/inverter/list');
  const first = inverter[0]!;
  await page.goto('/settings/config');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download config.json' }).click();
  const backup = await download;
  expect(backup.suggestedFilename()).toBe('config.json');
  const saved = await readFile((await backup.path())!);

  await device.post('api/inverter/edit', { ...first, name: 'Renamed after backup' });

  await page.getByLabel('What to restore').selectOption('config.json');
  await page
    .getByLabel('File (.json)')
    .setInputFiles({ name: 'config.json', mimeType: 'application/json', buffer: saved });
  // The preview names the one change the restore undoes, by the labels of the settings
  // screens (not config.json paths); network settings are the same.
  const preview = page.getByRole('table').filter({ hasText: 'After the restore' });
  await expect(preview.getByRole('rowgroup', { name: 'Inverter settings' })).toBeVisible();
  const row = preview.getByRole('row', { name: /^#1 · Name/ });
  await expect(row).toContainText('"Renamed after backup"');
  await expect(row).toContainText(`"${first.name}"`);
  await expect(page.getByLabel('Keep my current network settings')).toHaveCount(0);

  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('File uploaded. The device is restarting…')).toBeVisible();
  await expect(page).toHaveURL(/\/wait$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The device is not yet ready');
  // Home again once the device answers; the inverter has its old name.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  const after = await device.get<InverterList>('api/inverter/list');
  expect(after.inverter[0]!.name).toBe(first.name);
  // The same backup now changes nothing: the device holds what was backed up.
  await page.goto('/settings/config');
  await page
    .getByLabel('File (.json)')
    .setInputFiles({ name: 'config.json', mimeType: 'application/json', buffer: saved });
  await expect(page.getByText('The file holds the same settings as the device.')).toBeVisible();
});

test('a restore from another device can keep the current network settings', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(60_000);
  const current = await device.get<{ cfg: object; wifi: { hostname: string } }>(
    'api/file/get?file=config.json',
  );
  const other = { ...current, wifi: { ...current.wifi, hostname: 'Other-Device', password: 'their-secret' } };
  await page.goto('/settings/config');
  await page.getByLabel('File (.json)').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(other)),
  });
  const keep = page.getByLabel('Keep my current network settings');
  await expect(keep).toBeChecked();
  const preview = page.getByRole('table').filter({ hasText: 'After the restore' });
  await expect(page.getByText('The file holds the same settings as the device.')).toBeVisible();
  await keep.uncheck();
  await expect(preview.getByRole('row', { name: /^Host name/ })).toContainText('"Other-Device"');
  // Passwords are never shown, only that they change.
  await expect(preview.getByRole('row', { name: /^Wi-Fi password/ })).toContainText('••••••');
  await expect(preview.getByText('their-secret')).toHaveCount(0);
  await keep.check();

  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 25_000 });
  const restored = await device.get<{ wifi: { hostname: string } }>('api/file/get?file=config.json');
  expect(restored.wifi.hostname).toBe(current.wifi.hostname);
});

test('a file that is not valid JSON, or does not fit the target, is refused without any request', async ({
  loggedIn: page,
}) => {
  const uploads = uploadsOf(page);
  await page.goto('/settings/config');
  const picker = page.getByLabel('File (.json)');
  const restore = page.getByRole('button', { name: 'Restore', exact: true });
  await expect(restore).toBeDisabled();

  await picker.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"cfg": {'),
  });
  await expect(page.getByRole('alert')).toHaveText('JSON file is formatted incorrectly.');
  await expect(restore).toBeDisabled();

  await page.getByLabel('What to restore').selectOption('pin_mapping.json');
  await picker.setInputFiles({
    name: 'config.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"cfg":{}}'),
  });
  await expect(page.getByRole('alert')).toHaveText('JSON file has the wrong content.');
  await expect(restore).toBeDisabled();

  await picker.setInputFiles([]);
  await expect(page.getByRole('alert')).toHaveText('No file selected.');
  await expect(restore).toBeDisabled();

  await picker.setInputFiles({
    name: 'pins.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"name":"My board"}]'),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(restore).toBeEnabled();
  expect(uploads).toEqual([]);
});

test('deleting a file asks first and says a restart is needed', async ({ loggedIn: page, device }) => {
  await device.upload('notes.txt', 'hello');
  await device.waitForRestart();
  await page.goto('/settings/config');
  const row = page.getByRole('row', { name: /notes\.txt/ });
  await row.getByRole('button', { name: 'Delete: notes.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete file' });
  await expect(dialog).toContainText('notes.txt');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('File deleted. Restart the device for the change to take effect.'),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('factory reset asks first, then the device restarts with factory settings', async ({
  loggedIn: page,
  device,
}) => {
  test.setTimeout(60_000);
  const { inverter } = await device.get<InverterList>('api/inverter/list');
  await device.post('api/inverter/edit', { ...inverter[0], name: 'Renamed' });
  await device.upload('notes.txt', 'hello');
  await device.waitForRestart();
  await page.goto('/settings/config');
  await expect(page.getByRole('cell', { name: 'notes.txt', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reset to factory settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset to factory settings?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Reset to factory settings' }).click();
  await dialog.getByRole('button', { name: 'Reset now' }).click();
  await expect(page.getByText('Configuration reset. The device is restarting…')).toBeVisible();
  await expect(page).toHaveURL(/\/wait$/);
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await page.goto('/settings/config');
  await expect(page.getByRole('cell', { name: 'config.json', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'notes.txt', exact: true })).toHaveCount(0);
  const after = await device.get<InverterList>('api/inverter/list');
  expect(after.inverter[0]!.name).toBe(inverter[0]!.name);
});
