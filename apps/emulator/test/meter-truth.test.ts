/* eslint-disable @typescript-eslint/no-explicit-any -- meter answers are checked field by field */
import { describe, expect, it } from 'vitest';
import { GridMeter, type PhasePowers } from '../src/meter/grid-meter';
import { buildMeterApp } from '../src/meter/meter-app';
import { FaultState, parseFault, parseFaultOption } from '../src/sim/faults';
import { createHousehold, perPhase } from '../src/sim/household';

/**
 * Issue 45: the meter's counters are the house's and the inverters' energy, however seldom
 * it is read, and it keeps the emulator's own account per local day (GET /emulator/energy)
 * for clients whose energy figures are checked against it. A clock that moves only when
 * told; the inverters' output and their yield counters set by the test.
 */
function world() {
  let now = Date.parse('2026-06-21T09:00:00Z');
  const household = createHousehold(9, () => 7200);
  let power: PhasePowers = [0, 0, 0];
  let fed: PhasePowers = [0, 0, 0];
  let silent = false;
  const meter = new GridMeter({
    now: () => now,
    household,
    inverters: () => power,
    fedSince: () => {
      const grown = fed;
      fed = [0, 0, 0];
      return grown;
    },
    utcOffsetS: () => 7200,
    seed: 9,
  });
  const app = buildMeterApp(
    meter,
    () => now,
    () => silent,
  );
  const get = async (url: string): Promise<any> => (await app.inject({ method: 'GET', url })).json();
  return {
    app,
    get,
    household,
    meter,
    at: () => now,
    /** Moves the clock on with the inverters at `watts` per phase all along. */
    run: (ms: number, watts: PhasePowers) => {
      power = watts;
      fed = watts.map((w) => (w * ms) / 3_600_000) as unknown as PhasePowers;
      now += ms;
    },
    silence: (on: boolean) => (silent = on),
  };
}

/** The house's energy over [from, to), second by second from the model (Wh per phase). */
function houseWh(household: ReturnType<typeof createHousehold>, from: number, to: number): number[] {
  const phases = [0, 0, 0];
  for (let t = from; t < to; t += 1000) {
    perPhase(household.activity(t + 500)).active.forEach((w, i) => (phases[i]! += w / 3600));
  }
  return phases;
}

describe('the meter counts what happened between readings', () => {
  it('its netted counters are the house less the inverters, read only every 5 minutes', async () => {
    const w = world();
    const start = (await w.get('/cm?cmnd=Status%2010')).StatusSNS.SML;
    const from = w.at();
    // Five minutes at a time for an hour, the inverters at 900 W a phase.
    for (let i = 0; i < 12; i += 1) {
      w.run(300_000, [900, 900, 900]);
      await w.get('/status');
    }
    const end = (await w.get('/cm?cmnd=Status%2010')).StatusSNS.SML;
    const house = houseWh(w.household, from, w.at()).reduce((sum, wh) => sum + wh, 0);
    const net = (end.Total_in - start.Total_in - (end.Total_out - start.Total_out)) * 1000;
    expect(net).toBeCloseTo(house - 2700, 0);
    const truth = (await w.get('/emulator/energy')).days['2026-06-21'];
    expect(truth.house_wh).toBeCloseTo(house, 0);
    expect(truth.fed_wh).toBeCloseTo(2700, 0);
    expect(truth.import_wh - truth.export_wh).toBeCloseTo(house - 2700, 0);
  });

  it('a replaced meter starts again at 0, the account of the day goes on', async () => {
    const w = world();
    w.run(600_000, [0, 0, 0]);
    const before = await w.get('/rpc/EMData.GetStatus?id=0');
    expect(before.total_act).toBeGreaterThan(1e6);
    w.meter.replace();
    w.run(60_000, [0, 0, 0]);
    const after = await w.get('/rpc/EMData.GetStatus?id=0');
    expect(after.total_act).toBeGreaterThan(0);
    expect(after.total_act).toBeLessThan(200);
    expect(after.total_act_ret).toBe(0);
    expect((await w.get('/emulator/energy')).days['2026-06-21'].import_wh).toBeGreaterThan(after.total_act);
  });

  it('a silent meter drops every connection, and answers again when the fault is cleared', async () => {
    const w = world();
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.app.server.address() as { port: number };
    try {
      w.silence(true);
      await expect(fetch(`http://127.0.0.1:${port}/status`)).rejects.toThrow('fetch failed');
      w.silence(false);
      expect((await fetch(`http://127.0.0.1:${port}/status`)).status).toBe(200);
    } finally {
      await w.app.close();
    }
  });
});

describe('the meter faults', () => {
  it('are read from a body and from --fault', () => {
    expect(parseFault({ fault: 'meter-silent' })).toEqual({ fault: 'meter-silent' });
    expect(parseFault({ fault: 'meter-silent', seconds: 20 })).toEqual({
      fault: 'meter-silent',
      seconds: 20,
    });
    expect(parseFault({ fault: 'meter-replaced' })).toEqual({ fault: 'meter-replaced' });
    expect(parseFaultOption('meter-silent:5')).toEqual({ fault: 'meter-silent', seconds: 5 });
    expect(parseFaultOption('meter-replaced')).toEqual({ fault: 'meter-replaced' });
    expect(() => parseFaultOption('meter-replaced:3')).toThrow('--fault "meter-replaced:3"');
  });

  it('keep the meter silent until cleared or its time is up; a replacement is taken once', () => {
    const faults = new FaultState();
    const t0 = Date.parse('2026-06-21T10:00:00Z');
    faults.add({ fault: 'meter-silent', seconds: 10 }, t0);
    expect(faults.meterSilent(t0 + 9_000)).toBe(true);
    expect(faults.meterSilent(t0 + 10_000)).toBe(false);
    faults.add({ fault: 'meter-silent' }, t0);
    expect(faults.list(t0 + 60_000)).toEqual([{ fault: 'meter-silent' }]);
    expect(faults.clear({ fault: 'meter-silent' }, t0 + 60_000)).toBe(1);
    expect(faults.meterSilent(t0 + 60_000)).toBe(false);
    faults.add({ fault: 'meter-replaced' }, t0);
    expect(faults.takeMeterReplaced()).toBe(true);
    expect(faults.takeMeterReplaced()).toBe(false);
  });
});
