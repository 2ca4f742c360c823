import type { NtpTime } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { DeviceClient } from '../support/device';
import { expect, test } from '../support/fixtures';

const STAMP = /^\d\d:\d\d:\d\d\.\d{3} /;

/** Makes the device log `count` lines: each time set (to the time it already has) is one. */
async function logLines(device: DeviceClient, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const { year, month, day, hour, minute, second } = await device.get<NtpTime>('api/ntp/time');
    await device.post('api/ntp/time', { year, month, day, hour, minute, second });
  }
}

const output = (page: Page) => page.getByRole('textbox', { name: 'Device log' });

const lines = async (page: Page) => (await output(page).inputValue()).split('\n').filter(Boolean);

test('the console shows the live device log, every line time-stamped', async ({ page, device }) => {
  await page.goto('/info/console');
  await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached();
  // The device logs each new console client itself.
  await expect(output(page)).toHaveValue(/Websocket: \[\/console\]\[\d+\] connect/);
  await logLines(device, 3);
  await expect
    .poll(async () => (await lines(page)).filter((line) => line.includes('Time updated')).length)
    .toBe(3);
  for (const line of await lines(page)) expect(line).toMatch(STAMP);
});

test('auto-scroll follows new lines and can be paused', async ({ page, device }) => {
  await page.goto('/info/console');
  await expect(output(page)).toHaveValue(/connect/);
  await logLines(device, 30);
  await expect.poll(async () => (await lines(page)).length).toBeGreaterThan(30);
  const atBottom = () =>
    output(page).evaluate((area) => Math.abs(area.scrollHeight - area.clientHeight - area.scrollTop) < 2);
  await expect.poll(atBottom).toBe(true);

  await page.getByRole('switch', { name: 'Follow new lines' }).uncheck();
  await output(page).evaluate((area) => (area.scrollTop = 0));
  const before = (await lines(page)).length;
  await logLines(device, 3);
  await expect.poll(async () => (await lines(page)).length).toBeGreaterThanOrEqual(before + 3);
  expect(await output(page).evaluate((area) => area.scrollTop)).toBe(0);

  await page.getByRole('switch', { name: 'Follow new lines' }).check();
  await expect.poll(atBottom).toBe(true);
});

test('copy puts the log on the clipboard; clear empties the view, new lines keep coming', async ({
  page,
  context,
  device,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/info/console');
  await expect(output(page)).toHaveValue(/connect/);
  await logLines(device, 2);
  await expect(output(page)).toHaveValue(/Time updated[^]*Time updated/);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Log copied to the clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/Websocket: \[\/console\]/);
  expect(
    copied
      .split('\n')
      .filter(Boolean)
      .every((line) => STAMP.test(line)),
  ).toBe(true);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(output(page)).toHaveValue('');
  await logLines(device, 1);
  await expect(output(page)).toHaveValue(/^\d\d:\d\d:\d\d\.\d{3} Time updated/);
});

test('the filter shows only matching lines, marked; the log downloads as a text file', async ({
  page,
  device,
}) => {
  await page.goto('/info/console');
  await expect(output(page)).toHaveValue(/connect/);
  await logLines(device, 2);
  await expect(output(page)).toHaveValue(/Time updated[^]*Time updated/);

  await page.getByRole('searchbox', { name: 'Find in log' }).fill('time UPDATED');
  const matches = page.getByLabel('Device log');
  await expect(output(page)).toBeHidden();
  await expect(matches.locator('mark').first()).toHaveText('Time updated');
  await expect(matches).not.toContainText('Websocket');
  await expect(page.getByText(/\d+ lines match/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find in log' }).fill('');
  await expect(output(page)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save as file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^opendtu-console-\d{4}-\d\d-\d\d-\d{4}\.txt$/);
  const text = await readFile(await file.path(), 'utf8');
  // Lines may have arrived since; the file is the log as it was at the click.
  expect((await output(page).inputValue()).startsWith(text)).toBe(true);
  expect(text).toMatch(/Time updated/);
});
