import { familyOf, parseSerial } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { specFor, type InverterSpec } from './catalog';
import { GridState } from './grid';
import { PhysicalInverter, type InputSetup, type Site } from './inverter-physics';
import { clearSkyGhi, planeOfArray } from './irradiance';
import { createRandom } from './random';
import { sunPosition } from './sun';
import { createSky, PERFECTLY_CLEAR } from './weather';

const LAT = 51.17;
const LON = 10.4515;
const SOUTH_30 = { tilt: 30, azimuth: 180 };

function spec(serial: string, overrides: Partial<InverterSpec> = {}): InverterSpec {
  const n = parseSerial(serial);
  const family = familyOf(n);
  if (!family) throw new Error('no family');
  return { ...specFor(n, family), ...overrides };
}

function site(sky = PERFECTLY_CLEAR): Site {
  return { latitude: LAT, longitude: LON, sky, grid: new GridState(7) };
}

/** Runs one UTC day minute by minute; returns the inverter and the peak AC power. */
function runDay(inverter: PhysicalInverter, day: string, where = site()): { peak: number; peakPoa: number } {
  let t = Date.parse(`${day}T00:00:00Z`);
  inverter.skipTo(t);
  let peak = 0;
  let peakPoa = 0;
  for (let minute = 0; minute < 1440; minute += 1) {
    t += 60_000;
    where.grid.advance(t);
    inverter.advance(t, where);
    peak = Math.max(peak, inverter.ac.power);
    peakPoa = Math.max(peakPoa, planeOfArray(sunPosition(t, LAT, LON), 1, SOUTH_30));
  }
  return { peak, peakPoa };
}

// One 400 Wp module on an inverter that neither clips nor limits it (inverters.md §8.2.10).
const oneModule = (): PhysicalInverter =>
  new PhysicalInverter(
    spec('112412345678', { nominalPower: 400, maxInputCurrent: 16 }),
    [{ wp: 400, orientation: SOUTH_30 }],
    createRandom(1),
    [0],
  );

describe('clear-sky PV model against the check values of inverters.md §8.2', () => {
  it('gives about 910 W/m² GHI at 62° and 235 W/m² at 15.4°', () => {
    expect(clearSkyGhi(62)).toBeGreaterThan(890);
    expect(clearSkyGhi(62)).toBeLessThan(930);
    expect(clearSkyGhi(15.4)).toBeCloseTo(235, -1);
    expect(clearSkyGhi(-1)).toBe(0);
  });

  it.each([
    ['2025-03-20', 2400, 325, 900],
    ['2025-06-21', 3000, 345, 1020],
    ['2025-12-21', 1100, 215, 565],
  ])('%s: one 400 Wp module yields ≈ %i Wh, peaks ≈ %i W AC at ≈ %i W/m²', (day, energy, peakAc, poa) => {
    const inverter = oneModule();
    const { peak, peakPoa } = runDay(inverter, day);
    expect(inverter.yieldDayWh[0]).toBeGreaterThan(energy * 0.9);
    expect(inverter.yieldDayWh[0]).toBeLessThan(energy * 1.1);
    expect(peak).toBeGreaterThan(peakAc * 0.92);
    expect(peak).toBeLessThan(peakAc * 1.08);
    expect(peakPoa).toBeGreaterThan(poa * 0.95);
    expect(peakPoa).toBeLessThan(poa * 1.05);
  });

  it('produces nothing at night and logs "Inverter start" (id 1) at wake-up', () => {
    const inverter = oneModule();
    const where = site();
    inverter.skipTo(Date.parse('2025-06-20T21:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T01:00:00Z'), where);
    expect(inverter.answers(Date.parse('2025-06-21T01:00:00Z'))).toBe(false);
    expect(inverter.ac.power).toBe(0);
    inverter.advance(Date.parse('2025-06-21T04:30:00Z'), where);
    expect(inverter.answers(Date.parse('2025-06-21T04:30:00Z'))).toBe(true);
    expect(inverter.events[0]).toMatchObject({ id: 1 });
    expect(inverter.events[0]?.startMs).toBe(inverter.events[0]?.endMs);
  });
});

describe('operating point consistency', () => {
  it('keeps P = U x I per input, AC < DC with a realistic efficiency, and pairs at one voltage (HMT-6T)', () => {
    const inputs: InputSetup[] = Array.from({ length: 6 }, (_, i) => ({
      wp: 400 + 20 * i,
      orientation: i < 4 ? SOUTH_30 : { tilt: 15, azimuth: 250 },
    }));
    const inverter = new PhysicalInverter(spec('138291234567'), inputs, createRandom(3), [0, 0, 0, 0, 0, 0]);
    const where = site();
    inverter.skipTo(Date.parse('2025-06-21T06:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T11:00:00Z'), where);
    for (const point of inverter.dc) expect(point.power).toBeCloseTo(point.voltage * point.current, 6);
    for (const pair of [0, 2, 4]) expect(inverter.dc[pair]?.voltage).toBe(inverter.dc[pair + 1]?.voltage);
    const dc = inverter.dc.reduce((sum, p) => sum + p.power, 0);
    expect(inverter.ac.power / dc).toBeGreaterThan(0.93);
    expect(inverter.ac.power / dc).toBeLessThan(0.97);
    // Three-phase: "Voltage" is the line-to-line value, about 400 V.
    expect(inverter.ac.voltage).toBeGreaterThan(390);
    expect(inverter.ac.voltage).toBeLessThan(420);
    expect(inverter.ac.frequency).toBeGreaterThanOrEqual(49.97);
    expect(inverter.ac.frequency).toBeLessThanOrEqual(50.03);
  });

  it('curtails to the limit per input without PDL, raising the input voltage', () => {
    const inverter = new PhysicalInverter(
      spec('114181234569'),
      [
        { wp: 410, orientation: SOUTH_30 },
        { wp: 410, orientation: SOUTH_30 },
      ],
      createRandom(5),
      [0, 0],
    );
    const where = site();
    inverter.skipTo(Date.parse('2025-06-21T06:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T11:00:00Z'), where);
    const freeVoltage = inverter.dc[0]?.voltage ?? 0;
    inverter.setLimit(25, false, Date.parse('2025-06-21T11:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T11:01:00Z'), where);
    expect(inverter.ac.power).toBeLessThanOrEqual(0.25 * 800 + 0.5);
    expect(inverter.ac.power).toBeGreaterThan(0.2 * 800);
    expect(inverter.dc[0]?.voltage).toBeGreaterThan(freeVoltage);
  });

  it('turned off: no AC, inputs at open-circuit voltage, event 124 open until turned on', () => {
    const inverter = oneModule();
    const where = site();
    inverter.skipTo(Date.parse('2025-06-21T06:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T10:00:00Z'), where);
    inverter.setPower(false, Date.parse('2025-06-21T10:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T10:00:30Z'), where);
    expect(inverter.ac.power).toBe(0);
    expect(inverter.dc[0]?.current).toBe(0);
    expect(inverter.dc[0]?.voltage).toBeGreaterThan(30);
    expect(inverter.events.at(-1)).toMatchObject({ id: 124, endMs: 0 });
    inverter.setPower(true, Date.parse('2025-06-21T10:01:00Z'));
    expect(inverter.events.at(-1)?.endMs).toBe(Date.parse('2025-06-21T10:01:00Z'));
    inverter.advance(Date.parse('2025-06-21T10:03:00Z'), where);
    expect(inverter.ac.power).toBeGreaterThan(200);
  });

  it('restart: a short outage, then YieldDay counts from 0 again', () => {
    const inverter = oneModule();
    const where = site();
    inverter.skipTo(Date.parse('2025-06-21T03:00:00Z'));
    inverter.advance(Date.parse('2025-06-21T10:00:00Z'), where);
    expect(inverter.yieldDayWh[0]).toBeGreaterThan(500);
    const total = inverter.yieldTotalWh[0] ?? 0;
    const at = Date.parse('2025-06-21T10:00:00Z');
    inverter.restart(at);
    expect(inverter.answers(at + 1000)).toBe(false);
    inverter.advance(at + 10_000, where);
    expect(inverter.answers(at + 10_000)).toBe(true);
    expect(inverter.yieldDayWh[0]).toBe(0);
    expect(inverter.yieldTotalWh[0]).toBeCloseTo(total, 0);
  });
});

describe('weather', () => {
  it('is reproducible from the seed and stays within the class ranges', () => {
    const a = createSky(42);
    const b = createSky(42);
    const noon = Date.parse('2025-06-21T11:00:00Z');
    expect(a.clearness(noon)).toBe(b.clearness(noon));
    const clear = createSky(1, 'clear');
    const overcast = createSky(1, 'overcast');
    for (let m = 0; m < 600; m += 7) {
      const t = noon - 300 * 60_000 + m * 60_000;
      expect(clear.clearness(t)).toBeGreaterThanOrEqual(0.95);
      expect(overcast.clearness(t)).toBeLessThanOrEqual(0.35);
    }
  });

  it('keeps one weather per day from local solar midnight, also far from Greenwich', () => {
    const sky = createSky(7);
    for (const longitude of [-122.4, 151.2]) {
      let changes = 0;
      for (let d = 0; d < 30; d += 1) {
        // 04:00 to 20:00 local solar time of that day.
        const solarMidnight =
          Date.parse('2025-06-01T00:00:00Z') + d * 86_400_000 - (longitude / 360) * 86_400_000;
        const classes = new Set<string>();
        for (let h = 4; h <= 20; h += 0.25)
          classes.add(sky.weatherOf(solarMidnight + h * 3_600_000, longitude));
        if (classes.size > 1) changes += 1;
      }
      expect(changes).toBe(0);
    }
  });

  it('draws all three weather classes over a month', () => {
    const sky = createSky(99);
    const classes = new Set<string>();
    for (let d = 0; d < 30; d += 1)
      classes.add(sky.weatherOf(Date.parse('2025-06-01T12:00:00Z') + d * 86_400_000));
    expect(classes).toEqual(new Set(['clear', 'partly-cloudy', 'overcast']));
  });
});
