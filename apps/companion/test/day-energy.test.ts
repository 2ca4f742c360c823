import { describe, expect, it } from 'vitest';
import { addReading, energyOf, startDay, type DayEnergy } from '../src/recorder/day-energy';

/** The first element says whether the inverter answered; the counters count either way. */
type Reading = [reachable: boolean, yieldDay: number, yieldTotalKwh: number];

/** Feeds readings day by day; answers each day's energy as the recorder would store it. */
function energies(days: Record<string, Reading[]>): Record<string, number> {
  let state: DayEnergy | undefined;
  const result: Record<string, number> = {};
  for (const [day, readings] of Object.entries(days)) {
    state = startDay(day, state);
    for (const [, yieldDay, yieldTotal] of readings) addReading(state, { yieldDay, yieldTotal });
    result[day] = energyOf(state);
  }
  return result;
}

describe('energy per inverter and local day', () => {
  it("is the day's last YieldDay", () => {
    expect(
      energies({
        '2026-06-21': [
          [true, 10, 1000.01],
          [true, 2000, 1002.0],
          [true, 4321, 1004.321],
        ],
      }),
    ).toEqual({ '2026-06-21': 4321 });
  });

  it("does not count yesterday's YieldDay shown after midnight, before the morning reset", () => {
    const result = energies({
      '2026-06-21': [
        [true, 3000, 1003.0],
        [true, 5000, 1005.0],
      ],
      // Still yesterday's 5000 Wh (the inverter resets its counter when it starts).
      '2026-06-22': [
        [true, 5000, 1005.0],
        [true, 5000, 1005.0],
        [true, 0, 1005.0],
        [true, 12, 1005.012],
        [true, 2500, 1007.5],
      ],
    });
    expect(result).toEqual({ '2026-06-21': 5000, '2026-06-22': 2500 });
  });

  it('is 0 for a day that only showed the day before', () => {
    expect(
      energies({
        '2026-06-21': [[true, 5000, 1005.0]],
        '2026-06-22': [[true, 5000, 1005.0]],
      })['2026-06-22'],
    ).toBe(0);
  });

  it('ignores offline zeros and restart zeros', () => {
    expect(
      energies({
        '2026-06-21': [
          [true, 1000, 1001.0],
          [true, 0, 0],
          [false, 0, 0],
          [true, 1500, 1001.5],
          [false, 0, 0],
        ],
      }),
    ).toEqual({ '2026-06-21': 1500 });
  });

  it("counts an unreachable inverter's last values (read that day, shown until it answers again)", () => {
    expect(energies({ '2026-06-21': [[false, 3878, 1003.878]] })).toEqual({ '2026-06-21': 3878 });
  });

  it('ignores a dip of YieldDay', () => {
    expect(
      energies({
        '2026-06-21': [
          [true, 1000, 1001.0],
          [true, 900, 1001.0],
          [true, 1100, 1001.1],
        ],
      }),
    ).toEqual({ '2026-06-21': 1100 });
  });

  it("takes YieldTotal's growth when the inverter restarted during the day", () => {
    expect(
      energies({
        '2026-06-20': [[true, 3000, 1000.0]],
        '2026-06-21': [
          [true, 0, 1000.0],
          [true, 2000, 1002.0],
          // The inverter restarted at noon: its YieldDay begins again.
          [true, 5, 1002.005],
          [true, 1500, 1003.5],
        ],
      })['2026-06-21'],
    ).toBe(3500);
  });

  it('trusts YieldDay when recording began during the day', () => {
    expect(energies({ '2026-06-21': [[true, 2500, 1002.5]] })).toEqual({ '2026-06-21': 2500 });
  });
});
