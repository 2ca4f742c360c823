// The alert settings saved from the app (POST /companion/api/alerts/settings): a malformed
// URL or an out-of-range number is refused with its reason and changes nothing; a save
// goes to alerts.json (the owner's only), masks passwords in every answer, keeps a masked
// channel's password, reaches the new channels at once, and stands in for the options at
// the next start; a damaged file stops the start with one line.
import type { AlertSettingsBody, AlertsAnswer, AlertTestAnswer, ApiResponse } from '@opendtu/api';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChannel } from '../src/alerts/channels';
import { Receiver } from './alerts-receiver';
import {
  ADMIN_AUTH,
  call,
  JUNE_NOON,
  freePort,
  launchCompanion,
  startCompanion,
  startDevice,
  tempDir,
  until,
} from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

const BIN = fileURLToPath(new URL('../bin/opendtu-companion.mjs', import.meta.url));

let device: TestDevice;
let receiver: Receiver;
let companion: TestCompanion;
let dataDir: string;
beforeAll(async () => {
  device = await startDevice(JUNE_NOON);
  receiver = new Receiver(await freePort());
  await receiver.start();
  dataDir = await tempDir('alert-settings');
  companion = await startCompanion(device.url, {
    dataDir,
    alertChannels: [parseChannel(`ntfy://owner:Ntfy-Secret-77@127.0.0.1:${receiver.port}/plant`)],
  });
});
afterAll(async () => {
  await companion?.close();
  await receiver?.stop();
  await device?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const alerts = async (): Promise<AlertsAnswer> =>
  (await call(`${companion.url}/companion/api/alerts`, { auth: ADMIN_AUTH })).body as AlertsAnswer;

const save = (body: unknown, auth = ADMIN_AUTH) =>
  call(`${companion.url}/companion/api/alerts/settings`, {
    method: 'POST',
    auth,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** What the screen sends back: the answer's settings, changed by `change`. */
async function edited(change: (body: AlertSettingsBody) => void): Promise<AlertSettingsBody> {
  const answer = await alerts();
  const body: AlertSettingsBody = {
    rules: answer.rules,
    twilight_minutes: answer.twilight_minutes,
    reminder_hours: answer.reminder_hours,
    quiet_hours: answer.quiet_hours,
    channels: answer.channels.map(({ url }) => url),
  };
  change(body);
  return body;
}

describe('saving the alert settings', () => {
  it('refuses what it cannot use, with the reason, and changes nothing', async () => {
    const before = await alerts();
    expect(before.source).toBe('options');
    const refusals: [(body: AlertSettingsBody) => void, RegExp][] = [
      [(body) => body.channels.push('gopher://127.0.0.1/x'), /"gopher:\/\/" is not a channel/],
      [(body) => body.channels.push('ntfy://me:pw@127.0.0.1:99999/x'), /port/],
      [(body) => body.channels.push('not a url'), /is not a URL/],
      [(body) => body.channels.push(`ntfy://other:****@127.0.0.1:${receiver.port}/x`), /masked password/],
      [(body) => (body.rules[0]!.minutes = 0), /inverter-silent: minutes must be a number from 1 to 1440/],
      [(body) => (body.quiet_hours = { from: '22:00', to: '22:00' }), /quiet_hours/],
      [(body) => (body.twilight_minutes = 12.5), /twilight_minutes must be a whole number/],
    ];
    for (const [change, reason] of refusals) {
      const answer = await save(await edited(change));
      expect(answer.status).toBe(400);
      expect((answer.body as ApiResponse).type).toBe('warning');
      expect((answer.body as ApiResponse).message).toMatch(reason);
    }
    expect((await save(await edited(() => {}), '')).status).toBe(401);
    expect(await alerts()).toEqual(before);
    expect(existsSync(join(dataDir, 'alerts.json'))).toBe(false);
  });

  it('saves them for the owner only, masks every password, and tells the new channels at once', async () => {
    const hook = `http://127.0.0.1:${receiver.port}/new-hook?token=Hook-Token-12`;
    const body = await edited((settings) => {
      settings.rules.find(({ rule }) => rule === 'inverter-hot')!.enabled = true;
      settings.rules.find(({ rule }) => rule === 'inverter-hot')!.threshold = 65;
      settings.rules.find(({ rule }) => rule === 'inverter-silent')!.minutes = 20;
      settings.quiet_hours = { from: '22:30', to: '06:45' };
      settings.reminder_hours = 12;
      settings.channels.push(hook);
    });
    const answer = await save(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'success', code: 1001 });

    const after = await alerts();
    expect(after.source).toBe('saved');
    expect(after.rules.find(({ rule }) => rule === 'inverter-hot')).toMatchObject({
      enabled: true,
      threshold: 65,
    });
    expect(after.rules.find(({ rule }) => rule === 'inverter-silent')).toMatchObject({ minutes: 20 });
    expect(after.quiet_hours).toEqual({ from: '22:30', to: '06:45' });
    expect(after.reminder_hours).toBe(12);
    expect(after.channels.map(({ url }) => url)).toEqual([
      `ntfy://owner:****@127.0.0.1:${receiver.port}/plant`,
      `http://127.0.0.1:${receiver.port}/new-hook?token=****`,
    ]);
    const file = join(dataDir, 'alerts.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The kept channel's password is the one given at start; the file has it, no answer does.
    const saved = JSON.parse(await readFile(file, 'utf8')) as AlertSettingsBody;
    expect(saved.channels).toEqual([`ntfy://owner:Ntfy-Secret-77@127.0.0.1:${receiver.port}/plant`, hook]);
    expect(JSON.stringify(after)).not.toMatch(/Ntfy-Secret-77|Hook-Token-12/);
    expect(companion.lines.join('\n')).not.toMatch(/Ntfy-Secret-77|Hook-Token-12/);

    const test = await call(`${companion.url}/companion/api/alerts/test`, {
      method: 'POST',
      auth: ADMIN_AUTH,
    });
    expect((test.body as AlertTestAnswer).results.map(({ ok }) => ok)).toEqual([true, true]);
    expect(receiver.at('/new-hook?token=Hook-Token-12')).toHaveLength(1);
    expect(receiver.at('/plant').at(-1)!.headers.authorization).toBe(
      `Basic ${Buffer.from('owner:Ntfy-Secret-77').toString('base64')}`,
    );
  });

  it('uses the saved settings at the next start instead of the options, and stops on a damaged file', async () => {
    const saved = await readFile(join(dataDir, 'alerts.json'), 'utf8');
    const folder = await tempDir('alert-settings-start');
    try {
      await writeFile(join(folder, 'alerts.json'), saved, { mode: 0o600 });
      const started = await launchCompanion([
        '--device',
        device.url.href,
        '--data',
        folder,
        '--alert-url',
        `ntfy://127.0.0.1:${receiver.port}/from-options`,
      ]);
      try {
        // The start's lines come one after another: the one asked about is waited for.
        await until(() => started.output().includes('Alert settings from'), 10_000, 'the settings line');
        expect(started.output()).toContain('(saved in the app; --alert-* options not used)');
        const answer = (await call(`${started.url}/companion/api/alerts`, { auth: ADMIN_AUTH }))
          .body as AlertsAnswer;
        expect(answer.source).toBe('saved');
        expect(answer.quiet_hours).toEqual({ from: '22:30', to: '06:45' });
        expect(answer.channels).toHaveLength(2);
        expect(started.output()).not.toMatch(/Ntfy-Secret-77|Hook-Token-12/);
      } finally {
        await started.stop();
      }

      await writeFile(
        join(folder, 'alerts.json'),
        saved.replace('"twilight_minutes": 120', '"twilight_minutes": -1'),
      );
      const refused = spawnSync(process.execPath, [BIN, '--device', device.url.href, '--data', folder], {
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toBe(
        `opendtu-companion: ${join(folder, 'alerts.json')} cannot be used (twilight_minutes must be a number from 0 to 600); fix or remove it\n`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
