import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// index.html starts the opened page's first GETs (and the live view's socket) before
// app.js has arrived; the app takes those answers instead of asking the device again.

test.use({ emulatorArgs: ['--time', '2026-06-21T12:00'] });

/**
 * Every request the page makes (path and query), and the order in which requests started
 * and finished (`> path` when asked, `< path` when its answer was complete).
 */
function recordRequests(page: Page): { paths: string[]; events: string[]; sockets: string[] } {
  const paths: string[] = [];
  const events: string[] = [];
  const sockets: string[] = [];
  const path = (url: string) => new URL(url).pathname + new URL(url).search;
  page.on('request', (request) => {
    paths.push(path(request.url()));
    events.push(`> ${path(request.url())}`);
  });
  page.on('requestfinished', (request) => events.push(`< ${path(request.url())}`));
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
  return { paths, events, sockets };
}

/** Whether `path` was asked for before app.js had arrived. */
const beforeScript = (events: string[], path: string) =>
  events.indexOf(`> ${path}`) >= 0 && events.indexOf(`> ${path}`) < events.indexOf('< /js/app.js');

const count = (paths: string[], path: string) => paths.filter((p) => p === path).length;

test('the live view asks for its list and languages once, before app.js, and opens one socket', async ({
  loggedIn: page,
}) => {
  const { paths, events, sockets } = recordRequests(page);
  await page.goto('/');
  await expect(page.locator('[data-live-totals]')).toBeVisible();
  await expect(page.locator('[data-channel="AC0"] [data-field="Power"]')).toHaveText(/ W$/);
  // The socket's frames bring the other inverters: no list is asked for again.
  expect(count(paths, '/api/livedata/status')).toBe(1);
  expect(count(paths, '/api/i18n/languages')).toBe(1);
  expect(beforeScript(events, '/api/livedata/status')).toBe(true);
  expect(sockets).toEqual(['/livedata']);
  // The page still follows the device: frames keep the totals moving.
  const power = page.locator('[data-total="TotalPower"]');
  const first = await power.textContent();
  await expect(power).not.toHaveText(first ?? '', { timeout: 20_000 });
});

test('each settings and info page asks for its data once', async ({ loggedIn: page }) => {
  const pages: [route: string, path: string][] = [
    ['/settings/network', '/api/network/config'],
    ['/settings/mqtt', '/api/mqtt/config'],
    ['/settings/inverter', '/api/inverter/list'],
    ['/settings/security', '/api/security/config'],
    ['/settings/dtu', '/api/dtu/config'],
    ['/settings/device', '/api/device/config'],
    ['/settings/config', '/api/file/list'],
    ['/settings/ntp', '/api/ntp/config'],
    ['/info/system', '/api/system/status'],
    ['/info/network', '/api/network/status'],
    ['/info/ntp', '/api/ntp/status'],
    ['/info/mqtt', '/api/mqtt/status'],
  ];
  for (const [route, path] of pages) {
    const { paths, events } = recordRequests(page);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // The page shows what it loaded: no spinner, a heading and a reload or save button.
    await expect(page.locator('main .spinner-border')).toHaveCount(0);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByRole('button', { name: /Reload|Save|Cancel/ }).first()).toBeEnabled();
    expect(count(paths, path), route).toBe(1);
    expect(count(paths, '/api/i18n/languages'), route).toBe(1);
    expect(beforeScript(events, path), route).toBe(true);
    page.removeAllListeners('request');
    page.removeAllListeners('requestfinished');
    page.removeAllListeners('websocket');
  }
});

test('an early request that fails is asked again by the app', async ({ loggedIn: page }) => {
  let refused = 0;
  await page.route('**/api/livedata/status', (route) => (refused++ === 0 ? route.abort() : route.continue()));
  const { paths } = recordRequests(page);
  await page.goto('/');
  await expect(page.locator('[data-total="TotalPower"]')).toHaveText(/^[\d,.]+ W$/);
  expect(count(paths, '/api/livedata/status')).toBe(2);
});

test('a stored login the device refuses leads to the login after one request', async ({ page }) => {
  // The early request carries the stored login and is answered 401; the app takes that
  // answer as its own and goes to the login page.
  await page.addInitScript(() =>
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:wrong') })),
  );
  const { paths } = recordRequests(page);
  await page.goto('/settings/security');
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  expect(count(paths, '/api/security/config')).toBe(1);
});
