// The controller against the virtual DTU as its own process, with its simulated house and
// grid meter (--household --meter-port 0) at a sunny mid-morning: the inverters export
// far more than the house takes until the companion's controller limits them. What is
// checked is what the owner would see: the meter's own answer, the device's console (every
// limit command it heard) and its /api/limit/status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, startCompanion, tempDir, until, wait, type TestCompanion } from './helpers';
import { quickControl, startHouse, type House } from './house';

const BAND_W = 25;

let house: House;
let companion: TestCompanion | undefined;

const meterPower = async (): Promise<number> => {
  const { body } = await call(`${house.meterUrl}/rpc/EM.GetStatus?id=0`);
  return (body as { total_act_power: number }).total_act_power;
};
const limitStatus = () => house.limitStatus();
const limitLines = () => house.limitLines();

beforeAll(async () => {
  house = await startHouse(await tempDir('control-device'), '2026-06-21T10:30');
});

afterAll(async () => {
  await companion?.close();
  await house?.stop();
});

describe('zero export against the simulated house', () => {
  it('settles the grid inside the band near 0 W with non-persistent limits, and gives the limits back on stop', async () => {
    const before = await limitStatus();
    expect(Object.values(before).every((entry) => entry.limit_relative === 100)).toBe(true);
    // Sunny morning, a house of a few hundred watts: the plant exports.
    expect(await meterPower()).toBeLessThan(-300);
    companion = await startCompanion(house.device.url, {
      password: 'openDTU42',
      control: quickControl(`shelly-pro-3em:${house.meterUrl}`),
    });

    // Settled: five readings of the meter a second apart, all inside the band.
    let inside = 0;
    await until(
      async () => {
        inside = Math.abs(await meterPower()) <= BAND_W ? inside + 1 : 0;
        await wait(1000);
        return inside >= 5;
      },
      150_000,
      'the grid power inside the band',
    );
    const { body: state } = await call(`${companion.url}/companion/api/control`, { auth: ADMIN_AUTH });
    expect(state).toMatchObject({ paused: false, meter: { stale: false } });

    const during = await limitStatus();
    expect(Object.values(during).some((entry) => entry.limit_relative < 100)).toBe(true);
    await house.caughtUp();
    const sent = limitLines();
    expect(sent.length).toBeGreaterThan(0);
    // Watts only, never a persistent limit (the device's console says "(persistent)" for those).
    for (const line of sent) expect(line).toMatch(/Set limit of \w+ to \d+ W$/);

    await companion.close();
    companion = undefined;
    const after = await limitStatus();
    for (const [serial, entry] of Object.entries(after)) {
      expect({ serial, limit: entry.limit_relative, status: entry.limit_set_status }).toEqual({
        serial,
        limit: 100,
        status: 'Ok',
      });
    }
    await house.caughtUp();
    for (const line of limitLines()) expect(line).not.toContain('persistent');
  }, 240_000);
});
