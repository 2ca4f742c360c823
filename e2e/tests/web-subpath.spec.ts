import { startSubPathProxy, type SubPathProxy } from '../support/sub-path-proxy';
import { expect, test } from '../support/fixtures';

let proxy: SubPathProxy;

test.beforeEach(async ({ emulator }) => {
  proxy = await startSubPathProxy(emulator.url, '/dtu');
});

test.afterEach(async () => {
  await proxy.close();
});

test('the app works behind a reverse proxy under /dtu/, deep links included', async ({ page }) => {
  await page.goto(`${proxy.url}info/system`);
  await expect(page.getByRole('heading', { name: 'System information' })).toBeVisible();
  // Data came through the proxy, so the API path was relative to the sub-path.
  await expect(page.getByRole('cell', { name: 'v25.4.10' })).toBeVisible();

  await page.getByRole('link', { name: 'Live view' }).click();
  await expect(page).toHaveURL(proxy.url);
  // The live socket is reachable through the proxy too.
  await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached();

  await page.getByRole('button', { name: 'Info' }).click();
  await page.getByRole('link', { name: 'Network' }).click();
  await expect(page).toHaveURL(`${proxy.url}info/network`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Network information' })).toBeVisible();

  const outside = proxy.requested.filter((path) => !path.startsWith('/dtu/'));
  expect(outside).toEqual([]);
  expect(proxy.requested).toContain('/dtu/js/app.js');
});
