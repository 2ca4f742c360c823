import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaunchedEmulator } from '../src/launch';
import { ADMIN_AUTH, launchTestProcess } from './helpers';

let child: LaunchedEmulator | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await child?.stop();
  child = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts the emulator process as a user would and resolves with its base URL. */
async function startProcess(args: string[], env: Record<string, string> = {}): Promise<string> {
  dataDir = await mkdtemp(join(tmpdir(), 'opendtu-cli-'));
  child = await launchTestProcess(dataDir, args, { ...process.env, ...env });
  return child.url;
}

async function json(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { authorization: ADMIN_AUTH } });
  return (await response.json()) as Record<string, unknown>;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

describe('command line --time and --speed (docs/emulator.md#options)', () => {
  it('starts the clock at the given moment and runs it 60 times faster', async () => {
    const base = await startProcess(['--time', '2026-06-21T10:00:00Z', '--speed', '60']);
    // The emulated NTP sync takes about 2 s of real time.
    let time: Record<string, unknown> = {};
    for (let i = 0; i < 50 && time.ntp_status !== true; i += 1) {
      await wait(100);
      time = await json(`${base}/api/ntp/time`);
    }
    // 10:00 UTC is 12:00 in the default zone (CEST); a few real seconds are minutes here.
    expect(time).toMatchObject({ ntp_status: true, year: 2026, month: 6, day: 21, hour: 12 });
    const minutes = (t: Record<string, unknown>): number =>
      Number(t.hour) * 60 + Number(t.minute) + Number(t.second) / 60;
    const realStart = Date.now();
    await wait(2000);
    const later = await json(`${base}/api/ntp/time`);
    const simMinutes = minutes(later) - minutes(time);
    const realMinutes = (Date.now() - realStart) / 60_000;
    expect(simMinutes / realMinutes).toBeGreaterThan(45);
    expect(simMinutes / realMinutes).toBeLessThan(75);
    // Noon in June: the demo installation is feeding.
    const live = (await json(`${base}/api/livedata/status`)) as { total: { Power: { v: number } } };
    expect(live.total.Power.v).toBeGreaterThan(0);
  });

  it("reads --time without a zone as the device clock, whatever the host's zone", async () => {
    const base = await startProcess(['--time', '2026-01-15T09:30'], { TZ: 'America/New_York' });
    let time: Record<string, unknown> = {};
    for (let i = 0; i < 50 && time.ntp_status !== true; i += 1) {
      await wait(100);
      time = await json(`${base}/api/ntp/time`);
    }
    // The device's default zone is Germany's, where it is 09:30.
    expect(time).toMatchObject({ ntp_status: true, year: 2026, month: 1, day: 15, hour: 9, minute: 30 });
  });
});
