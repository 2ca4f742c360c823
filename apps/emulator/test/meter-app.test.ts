/* eslint-disable @typescript-eslint/no-explicit-any -- meter answers are checked field by field */
import { describe, expect, it } from 'vitest';
import { GridMeter, type PhasePowers } from '../src/meter/grid-meter';
import { buildMeterApp } from '../src/meter/meter-app';
import { createHousehold, perPhase } from '../src/sim/household';

/**
 * The meter's HTTP answers on a stubbed world: a house from its seed, inverter output set
 * by the test, a clock that moves only when told.
 */
function world(fed: PhasePowers) {
  let now = Date.parse('2026-06-21T10:00:00Z');
  const household = createHousehold(4, () => 7200);
  let feeding = fed;
  const meter = new GridMeter({
    now: () => now,
    household,
    inverters: () => feeding,
    utcOffsetS: () => 7200,
    seed: 4,
  });
  const app = buildMeterApp(meter, () => now);
  const get = async (url: string): Promise<{ status: number; body: any }> => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    app,
    get,
    household,
    at: () => now,
    advance: (ms: number) => (now += ms),
    feed: (next: PhasePowers) => (feeding = next),
  };
}

describe('grid meter answers', () => {
  it('reads house minus inverters per phase, the same in all three forms', async () => {
    const w = world([800, 0, 450]);
    const house = perPhase(w.household.activity(w.at())).active;
    const pro = (await w.get('/rpc/EM.GetStatus?id=0')).body;
    const gen1 = (await w.get('/status')).body;
    const tasmota = (await w.get('/cm?cmnd=Status%2010')).body;
    const expected = [house[0]! - 800, house[1]!, house[2]! - 450];
    expect(pro.a_act_power).toBeCloseTo(expected[0]!, 0);
    expect(pro.b_act_power).toBeCloseTo(expected[1]!, 0);
    expect(pro.c_act_power).toBeCloseTo(expected[2]!, 0);
    const total = expected.reduce((sum, p) => sum + p, 0);
    expect(pro.total_act_power).toBeCloseTo(total, 1);
    expect(gen1.total_power).toBeCloseTo(total, 1);
    expect(gen1.emeters.map((e: any) => e.power)).toEqual(expected.map((p) => Math.round(p * 100) / 100));
    expect(tasmota.StatusSNS.SML.Power_curr).toBe(Math.round(total));
    expect(tasmota.StatusSNS.Time).toBe('2026-06-21T12:00:00');
    expect(gen1).toMatchObject({ time: '12:00', unixtime: w.at() / 1000 });
  });

  it('counts import and export into its energy counters as time goes on', async () => {
    const w = world([0, 0, 0]);
    const start = (await w.get('/rpc/EMData.GetStatus?id=0')).body;
    w.advance(3_600_000 / 4);
    const importing = (await w.get('/rpc/EMData.GetStatus?id=0')).body;
    expect(importing.total_act).toBeGreaterThan(start.total_act);
    expect(importing.total_act_ret).toBe(start.total_act_ret);
    w.feed([3000, 3000, 3000]);
    await w.get('/status');
    const from = w.at();
    w.advance(60_000);
    const exporting = (await w.get('/rpc/EMData.GetStatus?id=0')).body;
    // 3 kW a phase less what the house draws there, second by second, for a minute.
    let expected = 0;
    for (let s = 0; s < 60; s += 1) {
      const house = perPhase(w.household.activity(from + (s + 0.5) * 1000)).active;
      for (const draw of house) expected += Math.max(0, 3000 - draw) / 3600;
    }
    expect(exporting.total_act_ret - importing.total_act_ret).toBeCloseTo(expected, 0);
  });

  it('answers unknown components and commands as the devices do', async () => {
    const w = world([0, 0, 0]);
    const wrongId = await w.get('/rpc/EM.GetStatus?id=1');
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.code).toBe(-105);
    expect((await w.get('/cm?cmnd=Power')).body).toEqual({ Command: 'Unknown' });
    expect(Object.keys((await w.get('/cm?cmnd=status%208')).body)).toEqual(['StatusSNS']);
    const rpc = await w.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: { id: 7, method: 'EM.GetStatus', params: { id: 0 } },
    });
    expect(rpc.json()).toMatchObject({ id: 7, result: { id: 0 } });
    const unknown = await w.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: { id: 8, method: 'Switch.Set' },
    });
    expect(unknown.json()).toMatchObject({ id: 8, error: { code: 404 } });
  });
});
