import { readFile } from 'node:fs/promises';
import type { LimitStatusMap, NetworkConfig, NtpStatus } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';

// The journeys that differ between firmware releases (docs/firmware-releases.md), run
// against the emulator playing each: one spec file per release calls `releaseJourneys`,
// so the same build is shown to do the right thing on all four.

const GARAGE = '114181234569';

export interface ReleaseCase {
  version: string;
  /** `limit_type` of a persistent relative limit: 257, or 3 from v25.9.11. */
  persistent: number;
  /** Files under /api/config/* (before v24.11.7). */
  oldApi: boolean;
  /** Syslog, logging levels and the ESP-IDF console (v25.5.10 on). */
  newSettings: boolean;
  /** With read-only access off the sockets answer a Digest challenge (v26.3.30), or stay open. */
  digestSockets: boolean;
}

/** The emulator options of a release's spec file (its `test.use`). */
export const releaseArgs = (version: string) => ['--firmware', version, '--time', '2026-06-21T12:00'];

/** The `data` of every POST the page sends to `path`. */
function postsTo(page: Page, path: string): unknown[] {
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(path)) return;
    const data = /name="data"\r\n\r\n([^]*?)\r\n--/.exec(request.postData() ?? '')?.[1];
    if (data) sent.push(JSON.parse(data));
  });
  return sent;
}

const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

export function releaseJourneys(release: ReleaseCase): void {
  test.describe(`firmware ${release.version}`, () => {
    test('live view: totals, the inverter sums, the data age', async ({ page }) => {
      await page.goto(`/?inv=${GARAGE}`);
      await expect(page.locator('[data-total="TotalPower"]')).toHaveText(/^[\d,.]+ W$/);
      await expect(page.locator('[data-channel="INV0"] [data-field="Power DC"]')).toHaveText(/^[\d,.]+ W$/, {
        timeout: 15_000,
      });
      await expect(page.locator('[data-channel="INV0"] [data-field="YieldDay"]')).toHaveText(/ Wh$/);
      // Older firmware has no data_age_ms: the age comes from data_age, never "NaN".
      await expect(page.locator('[data-age]')).toHaveAttribute('data-age', /^\d+$/);
      await expect(page.locator('body')).not.toContainText(/NaN|undefined/);
    });

    test('limits, for now and persistent, in the encoding of the release', async ({
      loggedIn: page,
      device,
    }) => {
      const sent = postsTo(page, '/api/limit/config');
      await page.goto(`/?inv=${GARAGE}`);
      for (const [button, value, type] of [
        ['Set until restart', 60, 1],
        ['Keep after restart', 50, release.persistent],
      ] as const) {
        await page.getByRole('button', { name: 'Set limit' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('New limit (%)').fill(String(value));
        await dialog.getByRole('button', { name: button }).click();
        // Accepted: the dialog closes (a refused type, 5003, would keep it open with the answer).
        await expect(dialog).toBeHidden();
        expect(sent.at(-1)).toEqual({ serial: GARAGE, limit_value: value, limit_type: type });
        // A send the inverter does not hear ends as Failure after 10 s of re-sends; the DTU
        // sends it again on its next poll turn (inverters.md §6.2), as the emulator does.
        await expect
          .poll(async () => (await device.get<LimitStatusMap>('api/limit/status'))[GARAGE], {
            timeout: 30_000,
          })
          .toMatchObject({ limit_relative: value, limit_set_status: 'Ok' });
      }
    });

    test.describe('changing the device', () => {
      // Each starts a device of its own (and some restart it): more time on a busy machine.
      test.use({ fresh: true });
      test.describe.configure({ timeout: 90_000 });

      test('NTP: the zone is picked by name from the list the release has, name and rule saved', async ({
        loggedIn: page,
        device,
      }) => {
        await page.goto('/settings/ntp');
        await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
        // The list arrived (from /api/ntp/zones on v26.3.30, else zones.json): the rule shows.
        await expect(page.getByText('Rule sent to the device: CET-1CEST,M3.5.0,M10.5.0/3')).toBeVisible();
        await page.getByLabel('Time zone').fill('Europe/London');
        await expect(page.getByText('Rule sent to the device: GMT0BST,M3.5.0/1,M10.5.0')).toBeVisible();
        await page.getByRole('button', { name: 'Save' }).click();
        await saved(page);
        expect(await device.get<NtpStatus>('api/ntp/status')).toMatchObject({
          ntp_timezone: 'GMT0BST,M3.5.0/1,M10.5.0',
          ntp_timezone_descr: 'Europe/London',
        });
        await page.reload();
        await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
        await expect(page.getByText('Rule sent to the device: GMT0BST,M3.5.0/1,M10.5.0')).toBeVisible();
      });

      test('network: a save keeps what the device has that the screen does not change', async ({
        loggedIn: page,
        device,
      }) => {
        const config = await device.get<NetworkConfig>('api/network/config');
        const syslog = { syslogenabled: true, sysloghostname: 'logs.lan', syslogport: 5514 };
        await device.post('api/network/config', { ...config, ssid: 'home', ...syslog });
        await page.goto('/settings/network');
        await page.getByLabel('Host name').fill('dtu-roof');
        if (release.newSettings) {
          await expect(page.getByRole('switch', { name: 'Send the log to a syslog server' })).toBeChecked();
          await expect(page.getByLabel('Syslog server', { exact: true })).toHaveValue('logs.lan');
        } else {
          await expect(page.getByText('Syslog')).toHaveCount(0);
        }
        await page.getByRole('button', { name: 'Save' }).click();
        await saved(page);
        const after = await device.get<NetworkConfig>('api/network/config');
        expect(after.hostname).toBe('dtu-roof');
        if (release.newSettings) expect(after).toMatchObject(syslog);
        else expect('syslogenabled' in after).toBe(false);
      });

      test('backup and restore', async ({ loggedIn: page, device }) => {
        const requests: string[] = [];
        page.on('request', (request) => {
          if (/\/api\/(config|file)\//.test(request.url())) requests.push(new URL(request.url()).pathname);
        });
        const listed = (await device.get<{ inverter: { name: string }[] }>('api/inverter/list')).inverter[0]!;
        await page.goto('/settings/config');
        await expect(page.getByRole('cell', { name: 'config.json', exact: true })).toBeVisible();
        // Before v24.11.7 files are deleted all at once only, and the list has no sizes.
        await expect(page.getByRole('button', { name: 'Delete: config.json' })).toHaveCount(
          release.oldApi ? 0 : 1,
        );

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download config.json' }).click();
        const backup = await readFile((await (await download).path())!);
        expect(JSON.parse(backup.toString()).cfg).toBeTruthy();
        const first = (await device.get<{ inverter: object[] }>('api/inverter/list')).inverter[0]!;
        await device.post('api/inverter/edit', { ...first, name: 'Renamed after backup' });

        await page.getByLabel('What to restore').selectOption('config.json');
        await page
          .getByLabel('File (.json)')
          .setInputFiles({ name: 'config.json', mimeType: 'application/json', buffer: backup });
        await page.getByRole('button', { name: 'Restore', exact: true }).click();
        await expect(page).toHaveURL(/\/wait$/);
        await expect(page).toHaveURL(/\/$/, { timeout: 25_000 });
        expect(
          (await device.get<{ inverter: { name: string }[] }>('api/inverter/list')).inverter[0]!.name,
        ).toBe(listed.name);
        const prefix = release.oldApi ? '/api/config/' : '/api/file/';
        // index.html starts the list's GET before the release is known (api/file/list);
        // an older device answers it 404 and the app, which asks api/config/list, never uses it.
        const asked = release.oldApi ? requests.filter((path) => path !== '/api/file/list') : requests;
        expect(asked.length).toBeGreaterThanOrEqual(3);
        expect(asked.every((path) => path.startsWith(prefix))).toBe(true);
      });

      test('login with read-only access off: live view and console connect', async ({
        page,
        device,
        through,
      }) => {
        await device.setSecurity('solar-Roof-7', false);
        // What Chromium sends on each socket handshake, seen through the DevTools protocol.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        const handshakes: string[] = [];
        cdp.on('Network.webSocketWillSendHandshakeRequest', ({ request }) =>
          handshakes.push(request.headers.Authorization ?? 'none'),
        );
        await page.goto('/login');
        await page.getByLabel('Username').fill(ADMIN.username);
        await page.getByLabel('Password').fill('solar-Roof-7');
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.locator('[data-total="TotalPower"]')).toHaveText(/ W$/);
        await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached({
          timeout: 15_000,
        });
        await page.goto('/info/console');
        await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached({
          timeout: 15_000,
        });
        await expect(page.getByLabel('Device log')).toContainText(/Websocket: \[\/console\]\[\d+\] connect/);
        if (release.digestSockets && through !== 'companion') {
          // Chromium answers the Digest challenge with the socket URL's credentials.
          // (The marker may show the device answering HTTP before the second socket is up.)
          expect(handshakes).toContain('none');
          await expect
            .poll(() =>
              handshakes.some((sent) => /^Digest username="admin", realm="live websocket", /.test(sent)),
            )
            .toBe(true);
          await expect
            .poll(() =>
              handshakes.some((sent) => /^Digest username="admin", realm="console websocket", /.test(sent)),
            )
            .toBe(true);
        } else {
          // Nothing asks (the companion admits a ticket instead of challenging), so the
          // browser sends (and keeps) no credentials for the sockets.
          expect(new Set(handshakes)).toEqual(new Set(['none']));
        }
      });
    });

    test('console: the device log, by level and source where the release writes them', async ({ page }) => {
      await page.goto('/info/console');
      const log = page.getByLabel('Device log');
      await expect(log).toContainText(/Websocket: \[\/console\]\[\d+\] connect/, { timeout: 10_000 });
      if (!release.newSettings) {
        // Plain lines: no level to choose.
        await expect(page.getByRole('combobox', { name: 'Level' })).toHaveCount(0);
        return;
      }
      await expect(log.locator('.log-D').first()).toContainText(/ D \(\d+\) webapi: Websocket/);
      await expect(log.locator('.log-I').first()).toContainText(/ I \(\d+\) hoymiles: /, { timeout: 10_000 });
      await page.getByRole('combobox', { name: 'Source' }).selectOption('hoymiles');
      await expect(log).not.toContainText('webapi:');
      await expect(page.getByText(/\d+ lines? match/)).toBeVisible();
      await page.getByRole('combobox', { name: 'Source' }).selectOption('');
      await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Debug' });
      await expect(log).not.toContainText('hoymiles:');
      await expect(log).toContainText('webapi: Websocket');
    });

    test('logging levels where the release has them', async ({ loggedIn: page, device }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Settings' }).click();
      const entry = page.getByRole('link', { name: 'Logging' });
      if (!release.newSettings) {
        await expect(page.getByRole('link', { name: 'Device manager' })).toBeVisible();
        await expect(entry).toHaveCount(0);
        await page.goto('/settings/logging');
        await expect(page.getByText('This firmware has no logging settings.')).toBeVisible();
        return;
      }
      await entry.click();
      await expect(page.getByLabel('Default for every module')).toHaveValue('1');
      await page.getByLabel('mqtt').selectOption({ label: 'Debug' });
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      const { loglevel } = await device.get<{ loglevel: { modules: { name: string; level: number }[] } }>(
        'api/logging/config',
      );
      expect(loglevel.modules.find((module) => module.name === 'mqtt')?.level).toBe(4);
      // Put back for the other tests of this device.
      await page.getByLabel('mqtt').selectOption({ label: 'Same as default' });
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
    });
  });
}
