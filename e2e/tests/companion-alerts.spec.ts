import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AlertsAnswer, AlertWebhookBody } from '@opendtu/api';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { launchCompanion, type LaunchedCompanion } from '../../apps/companion/src/launch';
import { ADMIN, basicAuth } from '../support/device';
import { startEmulator, type RunningEmulator } from '../support/emulator';
import { darkTheme, seriousViolations } from '../support/axe';

/**
 * The Alerts screen of the companion build, as the owner sees it: the virtual DTU at a
 * simulated June noon (60 times faster, so a device minute is a real second) with one
 * inverter made silent, the companion in front of it telling a local webhook receiver
 * (and one address where nothing listens). The alert appears with its text, the menu
 * counts it, the test message reports each receiver's answer, and when the inverter is
 * back the alert moves to the past ones.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const RECEIVER_ANSWER = 'taken by the e2e receiver';

/** A webhook receiver: answers 200 with a short text and keeps every body. */
class Receiver {
  readonly bodies: AlertWebhookBody[] = [];
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      this.bodies.push(JSON.parse(body) as AlertWebhookBody);
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end(RECEIVER_ANSWER);
    });
  });
  async start(): Promise<number> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return (this.server.address() as AddressInfo).port;
  }
  stop = (): Promise<void> => new Promise((done) => this.server.close(() => done()));
}

/** A port where nothing listens: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let device: RunningEmulator;
let companion: LaunchedCompanion;
let dataDir: string;
const receiver = new Receiver();
let hook: string;
let down: string;
let silent: { serial: string; name: string };

test.beforeAll(async () => {
  device = await startEmulator(['--time', '2026-06-21T12:00', '--speed', '60']);
  const live = (await (
    await fetch(new URL('api/livedata/status', device.url), { headers: { Authorization: basicAuth() } })
  ).json()) as { inverters: { serial: string; name: string }[] };
  silent = live.inverters[0]!;
  hook = `http://127.0.0.1:${await receiver.start()}/hook`;
  down = `http://127.0.0.1:${await closedPort()}/down`;
  dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-alerts-'));
  companion = await launchCompanion({
    args: [
      ...['--device', device.url, '--data', dataDir, '--speed', '60'],
      ...['--alert-url', hook, '--alert-url', down],
      // Two device minutes (two real seconds); the rules this test is not about are off.
      ...[
        '--alert-inverter-minutes',
        '2',
        '--alert-string-minutes',
        'off',
        '--alert-eventlog-minutes',
        'off',
      ],
      ...['--alert-temperature', '70', '--alert-reminder-hours', '12', '--alert-quiet-hours', '22:00-06:30'],
    ],
  });
});

test.afterAll(async () => {
  await companion?.stop();
  await device?.stop();
  await receiver.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) {
    await info.attach('companion output', { body: companion.output() });
  }
});

const alerts = async (page: Page): Promise<AlertsAnswer> =>
  (await page.request.get('/companion/api/alerts', { headers: { Authorization: basicAuth() } })).json();

const fault = (method: 'POST' | 'DELETE', body?: object) =>
  fetch(new URL('emulator/faults', device.url), {
    method,
    ...(body && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });

/** A page of the companion, logged in as the admin (the alerts are the admin's). */
async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: companion.url, viewport: { width, height: 900 } });
  const authdata = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
  await context.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));
  return context.newPage();
}

test('a silent inverter: the alert with its text, the badge, what was sent; the test message', async ({
  browser,
}) => {
  const page = await adminPage(browser, 1280);
  expect((await fault('POST', { fault: 'inverter-silent', serial: silent.serial })).status).toBe(200);
  // Raised, and taken by the webhook (the other address keeps failing meanwhile).
  await expect
    .poll(
      async () =>
        (await alerts(page)).open.find(
          (alert) =>
            alert.inverter?.serial === silent.serial &&
            alert.sent.some((delivery) => delivery.channel === hook && delivery.sent !== null),
        ) !== undefined,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  const answer = await alerts(page);
  const alert = answer.open.find((open) => open.inverter?.serial === silent.serial)!;

  await page.goto('/');
  // The menu counts the open alerts; the number is read out with its meaning.
  const menu = page.getByRole('link', { name: /^Alerts/ });
  await expect(menu.locator('[data-open-alerts]')).toHaveText(
    new RegExp(
      `^${answer.open.length} ${answer.open.length === 1 ? 'one open alert' : `${answer.open.length} open alerts`}$`,
    ),
  );
  await menu.click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts');

  const open = page.getByRole('list', { name: 'Open alerts' });
  const item = open.locator(`[data-alert="${alert.id}"]`);
  await expect(item.getByRole('heading')).toHaveText(silent.name);
  await expect(item).toContainText('Open');
  await expect(item).toContainText('Inverter silent or not producing');
  await expect(item).toContainText(alert.text);
  // On the device's clock: the simulated day, 12:0x.
  await expect(item).toContainText(/Since 06\/21\/2026, 12:0\d:\d\d/);
  const sent = item.getByRole('list', { name: 'Messages sent' });
  await expect(sent.getByText(hook)).toBeVisible();
  await expect(sent.locator('li', { hasText: hook })).toContainText(/^Alert → .*: received /);
  await expect(sent.locator('li', { hasText: down })).toContainText(/waiting, tried/);
  await expect(page.getByRole('list', { name: 'Past alerts' })).toHaveCount(0);
  await expect(page.getByText('No alert has been resolved yet.')).toBeVisible();

  // The rules as the options set them, in the form that changes them.
  const rules = page.locator('section', { has: page.getByRole('heading', { name: 'What is watched' }) });
  await expect(rules).toContainText("These settings come from the companion's --alert-* options");
  await expect(rules.getByRole('switch', { name: 'Inverter silent or not producing' })).toBeChecked();
  await expect(rules.locator('[data-rule="inverter-silent"]')).toContainText('it lasts 2 min');
  await expect(rules.getByRole('switch', { name: 'Weak string' })).not.toBeChecked();
  // Each rule's fields are a group named after it, so a screen reader says whose they are.
  await expect(rules.getByRole('group', { name: 'Inverter too hot' }).getByLabel('Told above')).toHaveValue(
    '70',
  );
  await expect(rules.locator('[data-rule="inverter-hot"]')).toContainText('above 70°C');
  // This companion pushes nowhere: nothing to watch there.
  await expect(rules.getByRole('switch', { name: 'InfluxDB target failing' })).not.toBeChecked();
  await expect(rules).toContainText(/Judged today from \d\d:\d\d to \d\d:\d\d on the device's clock/);
  await expect(rules.getByRole('switch', { name: 'Tell a standing alert again' })).toBeChecked();
  await expect(rules.getByLabel('Again every')).toHaveValue('12');
  await expect(rules.getByLabel('From (HH:MM)')).toHaveValue('22:00');
  await expect(rules.getByLabel('To (HH:MM)')).toHaveValue('06:30');
  await expect(rules.getByLabel('Channel URLs, one a line')).toHaveValue(`${hook}\n${down}`);

  // The channels, and a test message: each receiver's answer, by keyboard.
  const channels = page.locator('section', { has: page.getByRole('heading', { name: 'Channels' }) });
  await expect(channels.locator('code')).toHaveText([hook, down]);
  const tests = receiver.bodies.filter((body) => body.event === 'test').length;
  await channels.getByRole('button', { name: 'Send a test message' }).focus();
  await page.keyboard.press('Enter');
  const results = channels.locator('[data-test-results]');
  await expect(results.locator('li', { hasText: hook })).toHaveText(
    `Received ${hook}: HTTP 200: ${RECEIVER_ANSWER}`,
  );
  await expect(results.locator('li', { hasText: down })).toContainText(/^Not received .*: \S+/);
  await expect(results.locator('[data-test-result="failed"]')).toHaveCount(1);
  expect(receiver.bodies.filter((body) => body.event === 'test')).toHaveLength(tests + 1);

  await page.screenshot({ path: test.info().outputPath('alerts-desktop.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('alerts-desktop-dark.png'), fullPage: true });
  await page.context().close();
});

test('the inverter back: the alert is past, with both messages, and the badge is gone; at 320 px', async ({
  browser,
}) => {
  const page = await adminPage(browser, 320);
  expect((await fault('DELETE')).status).toBe(200);
  await expect
    .poll(
      async () => {
        const answer = await alerts(page);
        const past = answer.past.find((alert) => alert.inverter?.serial === silent.serial);
        return answer.open.length === 0 && past?.sent.some((d) => d.event === 'resolved' && d.sent !== null);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  const [alert] = (await alerts(page)).past;

  await page.goto('/alerts');
  await expect(
    page.getByText('Nothing stands: no inverter, string, command or DTU needs you now.'),
  ).toBeVisible();
  const item = page.getByRole('list', { name: 'Past alerts' }).locator(`[data-alert="${alert!.id}"]`);
  await expect(item).toContainText('Resolved');
  await expect(item).toContainText(/From 06\/21\/2026, 12:\d\d:\d\d to 06\/21\/2026, 12:\d\d:\d\d/);
  const hookLines = item.getByRole('list', { name: 'Messages sent' }).locator('li', { hasText: hook });
  await expect(hookLines).toHaveCount(2);
  await expect(hookLines.nth(0)).toContainText(/^(Alert|All clear) → /);
  await expect(item).toContainText(/All clear → .*: received /);
  expect(receiver.bodies.map((body) => body.event)).toEqual(expect.arrayContaining(['raised', 'resolved']));

  // No open alert: no badge. The menu folds behind the toggler on a phone.
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await expect(page.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
  await expect(page.locator('[data-open-alerts]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: test.info().outputPath('alerts-phone.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('the owner changes where and when: a bad URL is refused with its reason, a good one is told at once', async ({
  browser,
}) => {
  const page = await adminPage(browser, 1280);
  await page.goto('/alerts');
  const rules = page.locator('section', { has: page.getByRole('heading', { name: 'What is watched' }) });
  const urls = rules.getByLabel('Channel URLs, one a line');
  const save = rules.getByRole('button', { name: 'Save' });

  // A port out of range: the server's reason, and nothing changed.
  await urls.fill(`${hook}\nntfy://me:Secret-Pw-9@127.0.0.1:99999/plant`);
  await save.click();
  await expect(rules.getByRole('alert')).toContainText('port');
  expect((await alerts(page)).channels.map(({ url }) => url)).toEqual([hook, down]);

  // A second webhook with a token, the dead address gone, a rule off and a time changed.
  const second = `${hook.replace('/hook', '/second')}?token=Tok-Secret-31`;
  await urls.fill(`${hook}\n${second}`);
  await rules.getByRole('switch', { name: 'Inverter too hot' }).click();
  await rules.locator('[data-rule="inverter-silent"]').getByLabel('Told after it lasts').fill('4');
  await expect(rules.locator('[data-rule="inverter-silent"]')).toContainText('it lasts 4 min');
  await save.click();
  await expect(rules.getByRole('status')).toHaveText('Settings saved.');
  await expect(rules).toContainText("Saved here: the companion's --alert-* options no longer change them.");

  // The token is masked everywhere the page shows it; the test message reaches both.
  const masked = second.replace('Tok-Secret-31', '****');
  const channels = page.getByRole('region', { name: 'Channels' });
  await expect(channels.locator('code')).toHaveText([hook, masked]);
  await expect(urls).toHaveValue(`${hook}\n${masked}`);
  await expect(rules.getByRole('switch', { name: 'Inverter too hot' })).not.toBeChecked();
  const tests = receiver.bodies.filter((body) => body.event === 'test').length;
  await channels.getByRole('button', { name: 'Send a test message' }).click();
  await expect(channels.locator('[data-test-result="ok"]')).toHaveCount(2);
  expect(receiver.bodies.filter((body) => body.event === 'test')).toHaveLength(tests + 2);
  expect(await page.content()).not.toContain('Tok-Secret-31');
  expect(companion.output()).not.toContain('Tok-Secret-31');

  await page.screenshot({ path: test.info().outputPath('alerts-settings.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await darkTheme(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('the device build holds no alerts screen, the companion build does', async () => {
  const app = (folder: string) =>
    readFile(new URL(`../../apps/web/${folder}/js/app.js.gz`, import.meta.url)).then((gz) =>
      gunzipSync(gz).toString(),
    );
  const [deviceApp, companionApp] = await Promise.all([app('dist'), app('dist-companion')]);
  for (const text of [/companion\/api\/alerts/, /["'`]\/alerts["'`]/, /Send a test message/]) {
    expect(deviceApp).not.toMatch(text);
    expect(companionApp).toMatch(text);
  }
});
