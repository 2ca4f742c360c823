import type { Browser, Page } from '@playwright/test';
import { deviceDay, devicePassed } from '../../apps/companion/test/device-clock';
import { startCompanion, type RunningCompanion } from '../support/companion';
import { JUNE_NOON, startEmulator, type RunningEmulator } from '../support/emulator';
import { ADMIN, expect, test } from '../support/fixtures';

/**
 * The companion server in front of the virtual DTU (each its own process), as owners use
 * it: many browsers at once, and a device that drops away and comes back.
 */

const online = (page: Page) => page.getByRole('status', { name: 'Live connection active' });
const offline = (page: Page) => page.getByRole('status', { name: 'Live connection lost' });

/** Collects the device's own console stream in a page of its own (the device names socket clients there). */
async function deviceConsole(browser: Browser, deviceUrl: string): Promise<() => Promise<string>> {
  const page = await browser.newPage();
  await page.goto(`${deviceUrl}/favicon.png`);
  await page.evaluate(
    (url) => {
      const lines: string[] = [];
      (window as unknown as { consoleLines: string[] }).consoleLines = lines;
      new WebSocket(url).onmessage = (event) => lines.push(String(event.data));
    },
    `${deviceUrl.replace('http', 'ws')}/console`,
  );
  return () => page.evaluate(() => (window as unknown as { consoleLines: string[] }).consoleLines.join(''));
}

test.describe('through the companion server', () => {
  test.skip(({ through }) => through !== 'companion', 'about the companion alone');
  // Two processes start for each test, each a few seconds on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  let device: RunningEmulator;
  let companion: RunningCompanion;

  test.beforeEach(async () => {
    // At noon on the device, so its inverters answer.
    device = await startEmulator(['--time', JUNE_NOON]);
    companion = await startCompanion(device.url);
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('companion output', { body: companion?.output() ?? '' });
      await testInfo.attach('device output', { body: device?.output() ?? '' });
    }
    await companion?.stop();
    await device?.stop();
  });

  // Tagged @alone: run after every other journey (playwright.config.ts), as a load test is.
  test('20 browsers watch live data over one device socket', { tag: '@alone' }, async ({ browser }) => {
    const consoleText = await deviceConsole(browser, device.url);
    const pages = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const context = await browser.newContext({
          baseURL: companion.url,
          viewport: { width: 390, height: 700 },
        });
        const page = await context.newPage();
        await page.goto('/');
        await expect(online(page)).toBeAttached({ timeout: 120_000 });
        return page;
      }),
    );
    // The device keeps 8 sockets and closes the oldest beyond that once a second: here all
    // 20 stay connected, each with the live totals on screen, seconds later on its clock.
    await devicePassed(device.url, 3000);
    for (const page of pages) {
      await expect(online(page)).toBeAttached();
      await expect(page.locator('[data-live-totals]')).toBeVisible();
    }
    const connects = async () => (await consoleText()).match(/\[\/livedata\]\[\d+\] connect/g) ?? [];
    expect(await consoleText()).toMatch(/\[\/console\]\[\d+\] connect/);
    expect(await connects()).toEqual([]);
    // The count would see a browser that went to the device directly.
    await pages[0]!.evaluate(
      (url) => void new WebSocket(url),
      `${device.url.replace('http', 'ws')}/livedata`,
    );
    await expect.poll(async () => (await connects()).length).toBe(1);
    await Promise.all(pages.map((page) => page.context().close()));
  });

  test('the device killed and restarted: served all along, offline, back by itself, the gap kept', async ({
    page,
  }) => {
    const authdata = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
    await page.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));
    await page.goto(`${companion.url}/`);
    await expect(online(page)).toBeAttached({ timeout: 20_000 });
    // Let the recorder take a few samples first.
    const day = await deviceDay(companion.url);
    const power = async () =>
      (await (await page.request.get(`${companion.url}/companion/api/power?date=${day}`)).json()) as {
        inverters: { points: (number | null)[][] }[];
      };
    await expect
      .poll(async () => (await power()).inverters.flatMap(({ points }) => points).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(6);

    await device.signal('SIGKILL');
    await expect(offline(page)).toBeAttached({ timeout: 15_000 });
    // The server keeps serving the app and its own API meanwhile.
    expect((await page.request.get(`${companion.url}/settings/network`)).status()).toBe(200);
    expect((await page.request.get(`${companion.url}/companion/api/info`)).status()).toBe(200);
    // The outage lasts a few seconds (real time: the device's process is away).
    await page.waitForTimeout(5000);

    await device.revive();
    await expect(online(page)).toBeAttached({ timeout: 45_000 });
    await expect(page).toHaveURL(`${companion.url}/`);

    // The recorded day: the outage is a row of nulls between the samples before and after.
    await expect
      .poll(
        async () => {
          return (await power()).inverters.some(({ points }) =>
            points.some(
              (point, i) =>
                i > 0 && point[0] === points[i - 1]![0]! + 1 && point.slice(1).every((v) => v === null),
            ),
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });
});
