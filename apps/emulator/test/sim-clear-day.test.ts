import { CONFIG_VERSION } from '@opendtu/api';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyInverterSlot } from '../src/config/defaults';
import { createInverter } from '../src/sim/inverter-factory';
import { seedOf } from '../src/sim/random';
import { createSky } from '../src/sim/weather';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';
import { advance, liveOf } from './runtime-helpers';

let dev: TestDevice | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await dev?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dev = undefined;
});

const LONGITUDE = 10.4515;
const DAY_START = Date.parse('2025-06-21T00:00:00+02:00');

/** A DTU serial whose site draws a clear sky on that day (the weather is seeded by it). */
function clearSiteSerial(): number {
  for (let n = 0x199980100000; ; n += 1) {
    if (createSky(seedOf('site', n)).weatherOf(DAY_START + 12 * 3_600_000, LONGITUDE) === 'clear') return n;
  }
}

/** An HMS-400-1T (no input-current clipping of a 400 Wp module) whose module faces south at 30°. */
function southHms400(): number {
  for (let serial = 0x112481230000; ; serial += 1) {
    const slot = { ...emptyInverterSlot(), serial };
    const inverter = createInverter(slot, { nowMs: 0, storedYields: undefined, radioReady: () => true });
    const face = inverter?.physical.inputs[0]?.orientation;
    if (inverter?.spec.nominalPower === 400 && face?.azimuth === 180 && face.tilt === 30) return serial;
  }
}

describe('a clear June day at 51 N (inverters.md §8.2 check values)', () => {
  it('one 400 Wp module facing south: about 3.0 kWh, about 345 W at noon, nothing at night', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'opendtu-clear-'));
    const serial = southHms400();
    const channel = Array.from({ length: 6 }, () => ({ name: '', max_power: 0, yield_total_offset: 0 }));
    channel[0] = { name: 'South', max_power: 400, yield_total_offset: 0 };
    const slot = { ...emptyInverterSlot(), serial, name: 'Clear day', channel };
    await writeFile(
      join(dataDir, 'config.json'),
      JSON.stringify({
        cfg: { version: CONFIG_VERSION },
        dtu: { serial: clearSiteSerial() },
        inverters: [slot],
      }),
    );
    dev = await startTestDevice({ dataDir, start: DAY_START });
    const hex = serial.toString(16);
    expect((await liveOf(dev, hex)).DC['0'].name.u).toBe('South');
    let peak = 0;
    let integratedWh = 0;
    let producingAtNight = false;
    for (let minute = 1; minute <= 1439; minute += 1) {
      advance(dev, 60_000);
      const live = await liveOf(dev, hex);
      const power = live.AC['0'].Power.v as number;
      peak = Math.max(peak, power);
      integratedWh += power / 60;
      if ((minute < 3 * 60 || minute > 23 * 60) && live.producing) producingAtNight = true;
    }
    const yieldDay = (await liveOf(dev, hex)).INV['0'].YieldDay.v as number;
    expect(producingAtNight).toBe(false);
    expect(yieldDay).toBeGreaterThan(3000 * 0.9);
    expect(yieldDay).toBeLessThan(3000 * 1.1);
    expect(peak).toBeGreaterThan(345 * 0.92);
    expect(peak).toBeLessThan(345 * 1.08);
    // The yield is the integral of the power the DTU saw (sampled once a minute here).
    expect(Math.abs(integratedWh - yieldDay) / yieldDay).toBeLessThan(0.03);
  });
});
