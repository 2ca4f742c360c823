import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { tabTo } from '../support/keyboard';
import { countPosts } from '../support/settings';

// Issue 20: the spec's last rules, each in Chromium against the emulator.
test.use({ fresh: true, emulatorArgs: ['--time', '2026-06-21T12:00'] });

const saved = (page: Page) => page.getByRole('button', { name: 'Save' });

test("field limits are the spec's; a value the device refuses shows the device's own answer", async ({
  loggedIn: page,
}) => {
  await page.goto('/settings/network');
  await page.getByLabel('Network name (SSID)').fill('home');
  const hostname = page.getByLabel('Host name');
  await expect(hostname).toHaveAttribute('maxlength', '32');
  await hostname.fill('h'.repeat(32));
  await saved(page).click();
  // The form allows 32; this device keeps 31 and says so in its own words (no code).
  await expect(page.getByRole('alert')).toHaveText('Hostname must between 1 and 31 characters long!');
  await hostname.fill('opendtu');
  const password = page.getByLabel('Wi-Fi password');
  await expect(password).toHaveAttribute('maxlength', '64');
  await password.fill('p'.repeat(64));
  await saved(page).click();
  await expect(page.getByRole('alert')).toHaveText('Password must not be longer than 64 characters long!');

  await page.goto('/settings/ntp');
  const server = page.getByLabel('Server', { exact: true });
  await expect(server).toHaveAttribute('maxlength', '32');
  await server.fill('n'.repeat(32));
  await saved(page).click();
  await expect(page.getByRole('alert')).toHaveText('The NTP server needs 1 to 31 characters.');
  // A zone whose POSIX rule is longer than 32 characters is refused before anything is sent.
  await server.fill('pool.ntp.org');
  const ntpPosts = countPosts(page, '/api/ntp/config');
  await page.getByLabel('Time zone').fill('Pacific/Chatham');
  await saved(page).click();
  await expect(page.getByText('Enter 1 to 32 characters.')).toBeVisible();
  expect(ntpPosts()).toBe(0);

  await page.goto('/settings/mqtt');
  await page.getByRole('switch', { name: 'Publish over MQTT' }).check();
  await page.getByLabel('Server').fill('broker.example.net');
  const interval = page.getByLabel('Publish every');
  await interval.fill('86401');
  await expect(page.getByText('Enter a whole number from 5 to 86400.')).toBeVisible();
  await interval.fill('86400');
  await saved(page).click();
  await expect(page.getByRole('alert')).toHaveText('The publish interval must be a number from 5 to 65535.');
});

test("'Passwords are not equal' is a warning above the form, and nothing is sent", async ({
  loggedIn: page,
}) => {
  const posts = countPosts(page, '/api/security/config');
  await page.goto('/settings/security');
  await page.getByLabel('New password').fill('sunshine-42');
  await page.getByLabel('Repeat the password').fill('sunshine-43');
  await saved(page).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Passwords are not equal' });
  await expect(warning).toHaveClass(/alert-warning/);
  const card = page.getByRole('heading', { name: 'Admin password' });
  expect((await warning.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);
  expect(posts()).toBe(0);
});

test('the NTP page says that more than a minute without sync points at an unreachable server', async ({
  loggedIn: page,
}) => {
  await page.goto('/settings/ntp');
  await expect(
    page.getByText('Not synchronised for over a minute? Then the NTP server is probably unreachable.'),
  ).toBeVisible();
});

test('the wait page says the device is not yet ready, and a hung poll does not stall it', async ({
  loggedIn: page,
}) => {
  // The first status request never gets an answer; the next ones reach the device.
  let polls = 0;
  await page.route('**/api/system/status', (route) => {
    polls += 1;
    if (polls > 1) void route.continue();
  });
  await page.goto('/wait');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The device is not yet ready');
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  expect(polls).toBeGreaterThan(1);
});

test("reboot: the spec's wording; a refused request shows the device's answer and stays", async ({
  loggedIn: page,
  device,
}) => {
  // The request the page sends is turned into {"reboot": false}, which the device refuses.
  await page.route('**/api/maintenance/reboot', (route) =>
    route.continue({
      postData: `data=${encodeURIComponent(JSON.stringify({ reboot: false }))}`,
      headers: { ...route.request().headers(), 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
  await page.goto('/maintenance/reboot');
  await expect(page.getByRole('heading', { name: 'Reboot the device' })).toBeVisible();
  // Counted from the request on (the app learns the firmware from the status at load).
  let statusPolls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/system/status')) statusPolls += 1;
  });
  await page.getByRole('button', { name: 'Reboot' }).click();
  await page
    .getByRole('dialog', { name: 'Reboot the device?' })
    .getByRole('button', { name: 'Reboot' })
    .click();
  await expect(page.getByRole('alert')).toHaveText('Reboot cancelled.');
  // A success would start watching for the device to go down after 1 s (a timer of the
  // page): nothing of it, once the page's own timers have run 1.5 s on.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
  expect(statusPolls).toBe(0);
  await expect(page).toHaveURL(/\/maintenance\/reboot$/);
  expect(await device.isUp()).toBe(true);
});

test('the RSSI hint follows the model (HM), and a statistics reset is answered in words', async ({
  loggedIn: page,
}) => {
  const hint = page.getByText('This model only reports above or below -64 dBm.');
  await page.goto('/?inv=114181234569');
  await expect(page.locator('#inverter-title')).toContainText('HM-800');
  await page.getByRole('button', { name: /Radio statistics/ }).click();
  await expect(hint).toBeVisible();
  await page.getByRole('button', { name: 'Reset statistics' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Radio statistics reset.' })).toBeVisible();

  await page.goto('/?inv=116491234568');
  await expect(page.locator('#inverter-title')).toContainText('HMS-2000');
  await page.getByRole('button', { name: /Radio statistics/ }).click();
  await expect(page.getByRole('row', { name: /Last signal strength/ })).toContainText('dBm');
  await expect(hint).toHaveCount(0);
});

test('About: the sections are an accordion, by keyboard, with their state exposed to screen readers', async ({
  page,
}) => {
  await page.goto('/about');
  const summaries = page.locator('summary');
  await expect(summaries).toHaveCount(5);
  const open = page.locator('details[open] > summary');
  await expect(open).toHaveText(['Documentation']);

  await tabTo(page, 'summary', 'Where it comes from');
  await page.keyboard.press('Enter');
  await expect(open).toHaveText(['Where it comes from']);
  await tabTo(page, 'summary', 'News and updates');
  await page.keyboard.press('Space');
  await expect(open).toHaveText(['News and updates']);
  await page.keyboard.press('Space');
  await expect(open).toHaveCount(0);

  // What assistive technology is told: each heading a focusable disclosure with its state.
  await summaries.nth(4).click();
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      role?: { value: string };
      name?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  const states = Object.fromEntries(
    nodes
      .filter((node) => node.role?.value.startsWith('DisclosureTriangle'))
      .map((node) => [node.name?.value, node.properties?.find((p) => p.name === 'expanded')?.value.value]),
  );
  expect(states).toEqual({
    Documentation: false,
    'Where it comes from': false,
    'News and updates': false,
    'Reporting a problem': false,
    Discussion: true,
  });
});
