// --weather: every day's sky forced, so a demo or a test gets the sun (or the clouds) it
// needs at its hour whatever the DTU serial its data folder draws.
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli';
import { startTestDevice, type TestDevice } from './helpers';
import { advance, get } from './runtime-helpers';

const devices: TestDevice[] = [];
afterEach(async () => {
  await Promise.all(devices.splice(0).map((device) => device.close()));
});

/** The demo plant's AC power at noon (CEST) on the longest day, under the given sky. */
async function noonPower(weather: 'clear' | 'overcast', dtuSerial: number): Promise<number> {
  const device = await startTestDevice({ start: Date.parse('2025-06-21T11:00:00Z'), weather, dtuSerial });
  devices.push(device);
  advance(device, 60_000);
  return ((await get(device, '/api/livedata/status')) as { total: { Power: { v: number } } }).total.Power.v;
}

describe('--weather', () => {
  it('takes clear, partly-cloudy or overcast, and refuses anything else by name', () => {
    expect(parseCli(['--weather', 'overcast'])).toMatchObject({ weather: 'overcast' });
    expect(parseCli([])).toMatchObject({ weather: undefined });
    expect(() => parseCli(['--weather', 'sunny'])).toThrow(
      '--weather must be one of clear, partly-cloudy, overcast, got "sunny"',
    );
  });

  it('gives the same plant a bright noon under a clear sky and a dull one under an overcast sky, for every serial', async () => {
    for (const serial of [0x199980100008, 0x199980154321, 0x199980199999]) {
      const clear = await noonPower('clear', serial);
      const overcast = await noonPower('overcast', serial);
      // The demo plant peaks near 1.9 kW; an overcast noon gives a fraction of it.
      expect(clear, `clear noon, serial ${serial.toString(16)}`).toBeGreaterThan(1200);
      expect(overcast, `overcast noon, serial ${serial.toString(16)}`).toBeLessThan(clear / 2);
    }
  });
});
