/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { getJson, startTestDevice, type TestDevice } from './helpers';
import { useSocketTests, wait } from './socket-helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});
const { listen, open } = useSocketTests();

describe('benchmark options (docs/emulator.md#options)', () => {
  it('--inverters fills a fresh device with six-string inverters instead of the demo ones', async () => {
    dev = await startTestDevice({ freshInverters: 10 });
    const list = await getJson(dev.app, '/api/inverter/list');
    expect(list.body.inverter).toHaveLength(10);
    for (const inverter of list.body.inverter as any[]) {
      expect(inverter.serial).toMatch(/^1382/); // HMT-1800/2250-6T
      expect(inverter.channel.slice(0, 6).map((c: any) => c.max_power)).toEqual(Array(6).fill(440));
    }
    const live = await getJson(dev.app, '/api/livedata/status');
    expect(live.body.inverters).toHaveLength(10);
    const one = await getJson(dev.app, `/api/livedata/status?inv=${list.body.inverter[9].serial}`);
    expect(Object.keys(one.body.inverters[0].DC)).toHaveLength(6);
  });

  it('--push-interval runs the push task faster, forced pushes included', async () => {
    // The clock stands still, so nothing changes: every frame after the first round is
    // a forced push, due after 10 runs of the push task (1 s here instead of 10 s).
    dev = await startTestDevice({ pushIntervalMs: 100 });
    const base = await listen(dev);
    const { frames } = await open(`${base}/livedata`);
    await wait(400);
    expect(frames).toHaveLength(3);
    await wait(1100);
    expect(frames.length).toBeGreaterThanOrEqual(6);
  });
});
