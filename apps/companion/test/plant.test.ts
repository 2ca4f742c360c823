/**
 * One companion in front of three virtual DTUs, each its own process (issue 33): the
 * companion started as a user starts it (its executable, `--device NAME=URL` three times),
 * each device's app and API under /dtu/NAME/, the plant's answer at the root.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  CompanionInfoAnswer,
  LiveDataResponse,
  PlantAnswer,
  PlantLimitAnswer,
  PlantLimitStatusAnswer,
} from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, launchCompanion, postData, startDevice, tempDir, until } from './helpers';
import type { CompanionProcess, TestDevice } from './helpers';

const NAMES = ['roof', 'barn', 'shed'] as const;

describe('a plant of three devices', () => {
  const devices: Record<string, TestDevice> = {};
  let companion: CompanionProcess;
  let dataDir: string;
  const plant = async (): Promise<PlantAnswer> => {
    const answer = await call(`${companion.url}/companion/api/plant`);
    expect(answer.status).toBe(200);
    return answer.body as PlantAnswer;
  };

  beforeAll(async () => {
    // roof: the three demo inverters; barn: two six-string inverters on an older release;
    // shed: one, the barn's first serial, so one inverter is registered on two DTUs.
    // At noon, so the inverters hear commands whenever the test runs.
    const noon = '2026-06-02T12:00';
    const started = await Promise.all([
      startDevice(noon),
      startDevice(noon, ['--inverters', '2', '--firmware', 'v24.10.15']),
      startDevice(noon, ['--inverters', '1', '--firmware', 'v26.3.30']),
    ]);
    NAMES.forEach((name, index) => (devices[name] = started[index]!));
    dataDir = await tempDir('plant');
    companion = await launchCompanion([
      ...NAMES.flatMap((name) => ['--device', `${name}=${devices[name]!.url.href}`]),
      '--password',
      'openDTU42',
      '--data',
      dataDir,
    ]);
    await until(
      async () => (await plant()).devices.every((device) => device.online),
      30_000,
      'every device online',
    );
  }, 60_000);

  afterAll(async () => {
    await companion?.stop();
    await Promise.all(Object.values(devices).map((device) => device.remove()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every device with its release and inverters, and every inverter by device', async () => {
    const answer = await plant();
    expect(
      answer.devices.map(({ name, online, firmware, inverters }) => ({ name, online, firmware, inverters })),
    ).toEqual([
      { name: 'roof', online: true, firmware: 'v25.4.10', inverters: 3 },
      { name: 'barn', online: true, firmware: 'v24.10.15', inverters: 2 },
      { name: 'shed', online: true, firmware: 'v26.3.30', inverters: 1 },
    ]);
    // The devices' day, not this machine's: the history's days are theirs.
    expect(answer.today).toBe('2026-06-02');
    expect(answer.inverters.map((inverter) => `${inverter.device} ${inverter.serial}`)).toEqual([
      'roof 114181234569',
      'roof 116491234568',
      'roof 138291234567',
      'barn 138291234501',
      'barn 138291234503',
      'shed 138291234501',
    ]);
  });

  it('sums what each device reports itself', async () => {
    // Each device's own answer and the plant's, taken until they are of the same moment.
    await until(
      async () => {
        const own = await Promise.all(
          NAMES.map(async (name) => {
            const status = await call(new URL('api/livedata/status', devices[name]!.url).href, {
              auth: ADMIN_AUTH,
            });
            return (status.body as LiveDataResponse).total;
          }),
        );
        const { totals, devices: listed } = await plant();
        const sum = (key: 'Power' | 'YieldDay' | 'YieldTotal') =>
          own.reduce((all, total) => all + total[key].v, 0);
        const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
        return (
          totals.lacking.length === 0 &&
          listed.every((device, index) => near(device.totals!.yield_total_kwh, own[index]!.YieldTotal.v)) &&
          near(totals.power_w, sum('Power')) &&
          near(totals.yield_day_wh, sum('YieldDay')) &&
          near(totals.yield_total_kwh, sum('YieldTotal'))
        );
      },
      30_000,
      'the plant totals equal the devices’ own',
    );
  });

  it('flags the inverter two devices report, on the page and in the log', async () => {
    expect((await plant()).duplicates).toEqual([{ serial: '138291234501', devices: ['barn', 'shed'] }]);
    await until(
      () => companion.output().includes('Inverter 138291234501 is registered on barn and shed'),
      20_000,
      'the log line',
    );
  });

  it('serves each device’s own app and API under its path, and says where at the root', async () => {
    const barn = await call(`${companion.url}/dtu/barn/api/livedata/status`, { auth: ADMIN_AUTH });
    expect((barn.body as LiveDataResponse).inverters.map((inverter) => inverter.serial)).toEqual([
      '138291234501',
      '138291234503',
    ]);
    const page = await fetch(`${companion.url}/dtu/barn`, { redirect: 'manual' });
    expect([page.status, page.headers.get('location')]).toEqual([308, 'barn/']);
    const app = await call(`${companion.url}/dtu/barn/settings/network`);
    expect([app.status, app.headers.get('content-type')]).toEqual([200, 'text/html']);
    const root = await fetch(`${companion.url}/`, { redirect: 'manual' });
    expect([root.status, root.headers.get('location')]).toEqual([302, 'plant']);
    const astray = await call(`${companion.url}/api/livedata/status`);
    expect(astray.status).toBe(404);
    expect((astray.body as { message: string }).message).toContain('under /dtu/NAME/ (roof, barn, shed)');
  });

  it('keeps each device’s history in its own folder and remembers them', async () => {
    const saved = JSON.parse(await readFile(join(dataDir, 'devices.json'), 'utf8')) as {
      name: string;
      folder: string;
    }[];
    expect(saved.map(({ name, folder }) => `${name} ${folder}`)).toEqual([
      'roof devices/roof',
      'barn devices/barn',
      'shed devices/shed',
    ]);
    const info = await call(`${companion.url}/dtu/shed/companion/api/info`);
    expect((info.body as CompanionInfoAnswer).companion).toMatchObject({
      device: devices.shed!.url.href,
      plant: 'shed',
    });
  });

  it('sets one limit across devices, each as its firmware takes it, and follows each acknowledgement', async () => {
    const url = `${companion.url}/companion/api/plant/limit`;
    const post = (body: unknown, auth?: string) =>
      call(url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        auth,
      });
    const parts = [
      { device: 'roof', serial: '114181234569', value: 150 },
      { device: 'barn', serial: '138291234503', value: 900 },
      { device: 'shed', serial: '138291234501', value: 700 },
    ];
    expect((await post({ relative: false, persistent: false, parts })).status).toBe(401);
    const wrong = await post(
      { relative: false, persistent: false, parts: [{ ...parts[1], value: 9000 }] },
      ADMIN_AUTH,
    );
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { message: 'the limit of 138291234503 must be from 0 to 2250 W' },
    ]);
    const unknown = await post(
      { relative: true, persistent: false, parts: [{ ...parts[0], device: 'attic' }] },
      ADMIN_AUTH,
    );
    expect((unknown.body as { message: string }).message).toBe('no device attic (roof, barn, shed)');

    // Persistent: v24.10.15 says so with 256, v26.3.30 with 2; a wrong code would be refused.
    const sent = await post({ relative: false, persistent: true, parts }, ADMIN_AUTH);
    expect(sent.status).toBe(200);
    expect(
      (sent.body as PlantLimitAnswer).results.map(({ device, sent, status }) => ({ device, sent, status })),
    ).toEqual([
      { device: 'roof', sent: true, status: 200 },
      { device: 'barn', sent: true, status: 200 },
      { device: 'shed', sent: true, status: 200 },
    ]);
    await until(
      async () => {
        const status = (await call(url)).body as PlantLimitStatusAnswer;
        return parts.every((part) => {
          const entry = status.inverters.find(
            (inverter) => inverter.device === part.device && inverter.serial === part.serial,
          );
          return (
            entry?.limit_set_status === 'Ok' &&
            Math.abs(entry.limit_relative - (part.value / entry.max_power) * 100) < 0.5
          );
        });
      },
      40_000,
      'every part acknowledged at its value',
    );
  }, 60_000);

  it('follows a device’s read-only rule changed in its own app at once', async () => {
    const security = `${companion.url}/dtu/shed/api/security/config`;
    const config = (await call(security, { auth: ADMIN_AUTH })).body as Record<string, unknown>;
    expect((await postData(security, { ...config, allow_readonly: false })).status).toBe(200);
    try {
      // Not the rule learnt a moment ago: the write through /dtu/shed/ made it be asked again.
      expect((await call(`${companion.url}/companion/api/plant`)).status).toBe(401);
      expect((await call(`${companion.url}/companion/api/plant`, { auth: ADMIN_AUTH })).status).toBe(200);
    } finally {
      await postData(security, { ...config, allow_readonly: true });
    }
    expect((await call(`${companion.url}/companion/api/plant`)).status).toBe(200);
    // v26.3.30 closes its sockets as its security settings change: the companion is back in a second.
    await until(async () => (await plant()).devices.every((device) => device.online), 20_000, 'shed back');
  });

  it('shows a device that goes away as offline, its last values kept out of the sums, then back', async () => {
    await devices.barn!.stop('SIGKILL');
    await until(async () => !(await plant()).devices[1]!.online, 40_000, 'barn offline');
    const away = await plant();
    expect(away.devices.map((device) => device.online)).toEqual([true, false, true]);
    expect(away.devices[1]!.offline_since).not.toBeNull();
    expect(away.devices[1]!.totals).not.toBeNull();
    expect(away.totals.lacking).toEqual(['barn']);
    expect(away.inverters.filter((inverter) => inverter.device === 'barn')).toHaveLength(2);
    await devices.barn!.restart();
    await until(async () => (await plant()).devices[1]!.online, 40_000, 'barn back');
    expect((await plant()).totals.lacking).toEqual([]);
  }, 90_000);
});
