import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, processPerTest } from './helpers';

const emulator = processPerTest('cli');

/** Starts the emulator process as a user would and resolves with its base URL. */
const startProcess = (time: string, args: string[], env: Record<string, string> = {}): Promise<string> =>
  emulator.start(time, args, { ...process.env, ...env });

async function json(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { authorization: ADMIN_AUTH } });
  return (await response.json()) as Record<string, unknown>;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

// A process start takes seconds on a busy machine.
describe('command line --time and --speed (docs/emulator.md#options)', { timeout: 60_000 }, () => {
  it('starts the clock at the given moment and runs it 60 times faster', async () => {
    const base = await startProcess('2026-06-21T10:00:00Z', ['--speed', '60']);
    // A reading of the device's clock (to the second), between two real moments.
    const read = async () => {
      const sent = Date.now();
      const time = await json(`${base}/api/ntp/time`);
      return { time, sent, received: Date.now() };
    };
    // The emulated NTP sync takes about 2 s of real time.
    let first = await read();
    for (let i = 0; i < 50 && first.time.ntp_status !== true; i += 1) {
      await wait(100);
      first = await read();
    }
    // 10:00 UTC is 12:00 in the default zone (CEST); a few real seconds are minutes here.
    expect(first.time).toMatchObject({ ntp_status: true, year: 2026, month: 6, day: 21, hour: 12 });
    const seconds = (t: Record<string, unknown>): number =>
      Number(t.hour) * 3600 + Number(t.minute) * 60 + Number(t.second);
    await wait(2000);
    const later = await read();
    // 60 device seconds a real second, within what the real moments of the readings allow
    // (each reading counts whole seconds): however late a loaded machine answers.
    const deviceSeconds = seconds(later.time) - seconds(first.time);
    expect(deviceSeconds).toBeGreaterThanOrEqual((60 * (later.sent - first.received)) / 1000 - 1);
    expect(deviceSeconds).toBeLessThanOrEqual((60 * (later.received - first.sent)) / 1000 + 1);
    // Noon in June: the demo installation is feeding.
    const live = (await json(`${base}/api/livedata/status`)) as { total: { Power: { v: number } } };
    expect(live.total.Power.v).toBeGreaterThan(0);
  });

  it("reads --time without a zone as the device clock, whatever the host's zone", async () => {
    const base = await startProcess('2026-01-15T09:30', [], { TZ: 'America/New_York' });
    let time: Record<string, unknown> = {};
    for (let i = 0; i < 50 && time.ntp_status !== true; i += 1) {
      await wait(100);
      time = await json(`${base}/api/ntp/time`);
    }
    // The device's default zone is Germany's, where it is 09:30.
    expect(time).toMatchObject({ ntp_status: true, year: 2026, month: 1, day: 15, hour: 9, minute: 30 });
  });
});
