// The controller's settings saved from the app (POST /companion/api/control/settings), with
// the companion as its own process in front of the virtual DTU's simulated house and meter
// at a sunny mid-morning, started without any --control-* option: a body it cannot use is
// refused with its reason and changes nothing; a save turns zero export on at once (the
// meter's password kept when sent back masked, never shown); turned off, every inverter has
// its own limit back; control.json stands in for the options at the next start, and a
// damaged one stops the start with one line.
import type { ApiResponse, ControlAnswer, ControlSettingsBody } from '@opendtu/api';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, launchCompanion, tempDir, until, type CompanionProcess } from './helpers';
import { startHouse, type House } from './house';

const BIN = fileURLToPath(new URL('../bin/opendtu-companion.mjs', import.meta.url));
const SECRET = 'Meter-Secret-91';

let house: House;
let dataDir: string;
let companion: CompanionProcess | undefined;
let meterUrl: URL;

const start = (folder: string, args: string[] = []) =>
  launchCompanion(['--device', house.device.url.href, '--data', folder, '--password', 'openDTU42', ...args]);

beforeAll(async () => {
  house = await startHouse(await tempDir('control-settings-device'), '2026-06-21T10:30');
  // The meter with a login in its address: the emulator's meter ignores it, the companion must hide it.
  meterUrl = new URL(house.meterUrl);
  meterUrl.username = 'owner';
  meterUrl.password = SECRET;
  dataDir = await tempDir('control-settings');
  companion = await start(dataDir);
}, 60_000);

afterAll(async () => {
  await companion?.stop();
  await house?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const control = async (url = companion!.url): Promise<ControlAnswer> => {
  const answer = await call(`${url}/companion/api/control`, { auth: ADMIN_AUTH });
  expect(answer.status).toBe(200);
  return answer.body as ControlAnswer;
};

const save = (body: unknown, auth = ADMIN_AUTH) =>
  call(`${companion!.url}/companion/api/control/settings`, {
    method: 'POST',
    auth,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** What the screen sends back: the answer's settings, changed by `change`. */
async function edited(change: (body: ControlSettingsBody) => void): Promise<ControlSettingsBody> {
  const body = structuredClone((await control()).settings);
  change(body);
  return body;
}

const onAt =
  (url: string): ((body: ControlSettingsBody) => void) =>
  (body) => {
    body.enabled = true;
    body.meter = { kind: 'shelly-pro-3em', url, path: null };
    body.interval_s = 5;
    body.poll_s = 1;
  };

describe('the controller settings saved in the app', () => {
  it('answers while off, and refuses what it cannot use with the reason, changing nothing', async () => {
    const before = await control();
    expect(before).toMatchObject({
      state: 'off',
      source: 'options',
      settings: {
        enabled: false,
        meter: { url: '' },
        target_w: 0,
        band_w: 25,
        inverters: 'all',
        wait_out_switching: true,
      },
      inverters: [],
      commands: [],
    });
    const pause = await call(`${companion!.url}/companion/api/control`, {
      method: 'POST',
      auth: ADMIN_AUTH,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ paused: true }),
    });
    expect(pause.status).toBe(409);

    const on = onAt(meterUrl.href);
    const onWith =
      (change: (body: ControlSettingsBody) => void) =>
      (body: ControlSettingsBody): void => {
        on(body);
        change(body);
      };
    const refusals: [(body: ControlSettingsBody) => void, RegExp][] = [
      [(body) => (body.enabled = true), /meter\.url: give the meter's address/],
      [onWith((body) => (body.meter.kind = 'gas' as never)), /meter\.kind must be one of shelly-pro-3em/],
      [onWith((body) => (body.meter.url = 'ftp://127.0.0.1/x')), /meter\.url must start with http/],
      [onWith((body) => (body.meter.url = 'http://exa mple')), /^meter\.url: the meter must be given as/],
      [onWith((body) => (body.meter.kind = 'mqtt')), /meter\.url must start with mqtt:\/\/ or mqtts:\/\//],
      [onWith((body) => (body.meter.kind = 'http-json')), /meter\.path: say where the power is/],
      [
        onWith((body) => (body.meter.url = 'http://owner:****@127.0.0.1:9/')),
        /meter\.url: http:\/\/owner:\*\*\*\*@127\.0\.0\.1:9\/ has a masked password; type it again/,
      ],
      [onWith((body) => (body.target_w = 20_000)), /^target_w must be a number from -10000 to 10000$/],
      [onWith((body) => (body.band_w = -1)), /^band_w must be a number from 0 to 1000$/],
      [onWith((body) => (body.interval_s = 2)), /^interval_s must be a number from 5 to 3600$/],
      [onWith((body) => (body.poll_s = 0.1)), /^poll_s must be a number from 0.5 to 60$/],
      [onWith((body) => (body.inverters = ['1161'])), /12 hex digits\), got "1161"/],
      [onWith((body) => (body.inverters = [])), /inverters must be "all" or a list/],
      [onWith((body) => (body.fallback = 'never' as never)), /^fallback must be a number from 0 to 100000$/],
      [
        onWith((body) => (body.wait_out_switching = 'off' as never)),
        /^wait_out_switching must be true or false$/,
      ],
    ];
    for (const [change, reason] of refusals) {
      const answer = await save(await edited(change));
      expect(answer.status).toBe(400);
      expect((answer.body as ApiResponse).type).toBe('warning');
      expect((answer.body as ApiResponse).message).toMatch(reason);
      expect((answer.body as ApiResponse).message).not.toContain(SECRET);
    }
    expect((await save('on')).status).toBe(400);
    expect((await save(await edited(on), '')).status).toBe(401);
    expect(await control()).toEqual(before);
    expect(existsSync(join(dataDir, 'control.json'))).toBe(false);
    await house.caughtUp();
    expect(house.limitLines()).toEqual([]);
  });

  it('turns zero export on at once, for the owner only, and keeps a password sent back masked', async () => {
    const answer = await save(await edited(onAt(meterUrl.href)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'success', code: 1001 });

    const masked = `http://owner:****@${meterUrl.host}/`;
    let now = await control();
    expect(now).toMatchObject({
      source: 'saved',
      settings: { enabled: true, meter: { kind: 'shelly-pro-3em', url: masked, path: null }, poll_s: 1 },
    });
    expect(now.state).not.toBe('off');
    // The controller reads the meter and takes the export down with limits the inverters confirm.
    await until(
      async () => {
        now = await control();
        return now.meter.power_w !== null && now.commands.some(({ status }) => status === 'ok');
      },
      60_000,
      'a confirmed limit',
    );
    expect(Object.values(await house.limitStatus()).some((entry) => entry.limit_relative < 100)).toBe(true);

    const file = join(dataDir, 'control.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((JSON.parse(await readFile(file, 'utf8')) as ControlSettingsBody).meter.url).toBe(meterUrl.href);

    // The form sends the masked address back with another target: the saved password stays.
    const again = await save(await edited((body) => (body.target_w = 40)));
    expect(again.status).toBe(200);
    const saved = JSON.parse(await readFile(file, 'utf8')) as ControlSettingsBody;
    expect(saved).toMatchObject({ target_w: 40, meter: { url: meterUrl.href } });
    now = await control();
    expect(now.settings).toMatchObject({ target_w: 40, meter: { url: masked } });
    await until(async () => (await control()).meter.power_w !== null, 20_000, 'the new controller reading');
    expect(JSON.stringify(await control())).not.toContain(SECRET);
    expect(companion!.output()).not.toContain(SECRET);
  }, 120_000);

  it('turned off, gives every inverter its own limit back and answers off', async () => {
    const answer = await save(await edited((body) => (body.enabled = false)));
    expect(answer.status).toBe(200);
    const now = await control();
    expect(now).toMatchObject({ state: 'off', source: 'saved', settings: { enabled: false, target_w: 40 } });
    for (const [serial, entry] of Object.entries(await house.limitStatus()))
      expect({ serial, limit: entry.limit_relative, status: entry.limit_set_status }).toEqual({
        serial,
        limit: 100,
        status: 'Ok',
      });
    await house.caughtUp();
    expect(house.limitLines().length).toBeGreaterThan(0);
    for (const line of house.limitLines()) expect(line).not.toContain('persistent');
  }, 60_000);

  it('uses control.json at the next start instead of the options, and stops on a damaged file', async () => {
    await companion!.stop();
    companion = undefined;
    const file = join(dataDir, 'control.json');
    // Saved off: the options' meter is not used.
    companion = await start(dataDir, ['--control-meter', `shelly-3em:${house.meterUrl}`]);
    // The start's lines come one after another: the one asked about is waited for.
    await until(() => companion!.output().includes('Zero export settings from'), 10_000, 'the settings line');
    expect(companion.output()).toContain(
      `Zero export settings from ${file} (saved in the app; --control-* options not used): off`,
    );
    expect(await control()).toMatchObject({ state: 'off', source: 'saved', settings: { target_w: 40 } });
    await companion.stop();
    companion = undefined;

    // Saved on (by an older companion, without wait_out_switching: it reads as on): control
    // runs without any option, and a schedule may turn it off and on.
    const { wait_out_switching: _, ...saved } = JSON.parse(
      await readFile(file, 'utf8'),
    ) as ControlSettingsBody;
    await writeFile(file, JSON.stringify({ ...saved, enabled: true }), { mode: 0o600 });
    const schedule = join(dataDir, 'schedule.json');
    await writeFile(schedule, JSON.stringify({ windows: [{ from: '02:00', to: '03:00', control: 'off' }] }));
    companion = await start(dataDir, ['--schedule', schedule]);
    const now = await control();
    expect(now).toMatchObject({
      source: 'saved',
      settings: { enabled: true, target_w: 40, wait_out_switching: true },
    });
    expect(now.state).not.toBe('off');
    const { body: plan } = await call(`${companion.url}/companion/api/schedule`, { auth: ADMIN_AUTH });
    expect(plan).toMatchObject({ control: { window: null, on: true } });
    expect(companion.output()).not.toContain(SECRET);
    await companion.stop();
    companion = undefined;

    await writeFile(file, JSON.stringify({ ...saved, band_w: 5000 }));
    const refused = spawnSync(process.execPath, [BIN, '--device', house.device.url.href, '--data', dataDir], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      `opendtu-companion: ${file} cannot be used (band_w must be a number from 0 to 1000); fix or remove it\n`,
    );
  }, 90_000);
});
