/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, processPerTest } from './helpers';
import { HM, HMS } from './runtime-helpers';

// `--fault` as a test that starts the process uses it: the faults hold from the start,
// are seen through the device's own API and outlast a restart of the device.

/** Process starts and a device restart (about 4 s) take their time on a busy machine. */
const PROCESS_MS = 60_000;

const emulator = processPerTest('faults');

/** At noon on the device, 50 times fast. */
const start = (args: string[]): Promise<string> =>
  emulator.start('2026-06-21T10:00:00Z', ['--speed', '50', ...args]);

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(url, { ...init, headers: { authorization: ADMIN_AUTH, ...init.headers } });
  return response.json();
}

/** Asks again until `check` holds (the simulated clock runs on its own here). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 150 && !check(value); tries += 1) {
    await new Promise((done) => setTimeout(done, 100));
    value = await read().catch(() => value);
  }
  return value;
}

describe('--fault (docs/emulator.md#faults-on-purpose)', () => {
  it(
    'starts with a silent inverter and a dark string, kept across a restart',
    async () => {
      const base = await start(['--fault', `inverter-silent:${HM}`, '--fault', `string-dark:${HMS}:1`]);
      const listed = [
        { fault: 'inverter-silent', serial: HM },
        { fault: 'string-dark', serial: HMS, channel: 1 },
      ];
      expect((await json(`${base}/emulator/faults`)).faults).toEqual(listed);
      const live = async (): Promise<any[]> => (await json(`${base}/api/livedata/status`)).inverters;
      const find = (inverters: any[], serial: string): any => inverters.find((i) => i.serial === serial);
      const settled = await eventually(live, (inverters) => {
        const silent = find(inverters, HM);
        const other = find(inverters, HMS);
        return !silent.reachable && silent.data_age > 120 && other.reachable && other.data_age < 30;
      });
      expect(find(settled, HM)).toMatchObject({ reachable: false, producing: true });
      expect(find(settled, HMS)).toMatchObject({ reachable: true, producing: true });
      const dark = (await json(`${base}/api/livedata/status?inv=${HMS}`)).inverters[0];
      expect(dark.DC['1'].Power.v).toBe(0);
      expect(dark.DC['0'].Power.v).toBeGreaterThan(50);

      const reboot = await json(`${base}/api/maintenance/reboot`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: JSON.stringify({ reboot: true }) }).toString(),
      });
      expect(reboot.type).toBe('success');
      const after = await eventually(
        () => json(`${base}/api/system/status`),
        (status) =>
          status.uptime !== undefined && emulator.running()?.output().includes('Device is back.') === true,
      );
      expect(after.uptime).toBeDefined();
      expect((await json(`${base}/emulator/faults`)).faults).toEqual(listed);
    },
    PROCESS_MS,
  );

  it(
    'starts vanished: the device answers once the fault is cleared',
    async () => {
      const base = await start(['--fault', 'device-vanish']);
      expect(await json(`${base}/emulator/faults`)).toEqual({
        faults: [{ fault: 'device-vanish' }],
        held_requests: 0,
      });
      let answered = false;
      const request = fetch(`${base}/api/system/status`).then((response) => {
        answered = true;
        return response;
      });
      await eventually(
        () => json(`${base}/emulator/faults`),
        (body) => body.held_requests === 1,
      );
      expect(answered).toBe(false);
      await fetch(`${base}/emulator/faults`, { method: 'DELETE' });
      expect((await request).status).toBe(200);
    },
    PROCESS_MS,
  );

  it(
    'refuses to start with a fault the device cannot take',
    async () => {
      await expect(start(['--fault', 'inverter-silent:112233445566'])).rejects.toThrow(
        /--fault inverter-silent: the device runs no inverter with serial 112233445566/,
      );
      await expect(start(['--fault', 'string-dark:116491234568'])).rejects.toThrow(
        /--fault "string-dark:116491234568": channel must be a DC channel index/,
      );
    },
    PROCESS_MS,
  );
});
