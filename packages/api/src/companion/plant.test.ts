import { describe, expect, it } from 'vitest';
import { duplicateSerials, plantTotals, type DeviceTotals, type PlantDevice } from './plant';

function device(name: string, totals: DeviceTotals | null, online = true): PlantDevice {
  return {
    name,
    online,
    offline_since: online ? null : '2026-06-21T10:15:00.000Z',
    firmware: totals ? 'v25.4.10' : null,
    inverters: 2,
    totals,
  };
}

describe('the plant totals', () => {
  it('sum every online device', () => {
    expect(
      plantTotals([
        device('garage', { power_w: 812.4, yield_day_wh: 2310, yield_total_kwh: 1402.117 }),
        device('house', { power_w: 395.1, yield_day_wh: 1104, yield_total_kwh: 0.2 }),
        device('shed', { power_w: 0.1, yield_day_wh: 0, yield_total_kwh: 0.1 }),
      ]),
    ).toEqual({ power_w: 1207.6, yield_day_wh: 3414, yield_total_kwh: 1402.417, lacking: [] });
  });

  it('leave out an offline device’s last values and say they lack it, in the plant’s order', () => {
    const house = device('house', { power_w: 395, yield_day_wh: 1104, yield_total_kwh: 800 }, false);
    const devices = [
      device('roof', null),
      device('garage', { power_w: 812, yield_day_wh: 2310, yield_total_kwh: 1402 }),
      house,
      device('barn', null, false),
    ];
    expect(plantTotals(devices)).toEqual({
      power_w: 812,
      yield_day_wh: 2310,
      yield_total_kwh: 1402,
      lacking: ['roof', 'house', 'barn'],
    });
    // The last values stay where the screen reads them.
    expect(house.totals).toEqual({ power_w: 395, yield_day_wh: 1104, yield_total_kwh: 800 });
  });

  it('of an empty plant, or one with every device away, are zero and lack them all', () => {
    expect(plantTotals([])).toEqual({ power_w: 0, yield_day_wh: 0, yield_total_kwh: 0, lacking: [] });
    expect(
      plantTotals([
        device('a', { power_w: 5, yield_day_wh: 5, yield_total_kwh: 5 }, false),
        device('b', null),
      ]),
    ).toEqual({ power_w: 0, yield_day_wh: 0, yield_total_kwh: 0, lacking: ['a', 'b'] });
  });
});

describe('inverters on two devices', () => {
  it('are every serial two or more devices report, whatever the case of its hex', () => {
    const serials = new Map<string, string[]>([
      ['garage', ['116181234567', '1161812345ab', '114172220003']],
      ['house', ['1161812345AB', '138293339999', '116181234567']],
      ['shed', ['1161812345Ab', '138293339999']],
      ['barn', []],
    ]);
    expect(duplicateSerials(serials)).toEqual([
      { serial: '116181234567', devices: ['garage', 'house'] },
      { serial: '1161812345ab', devices: ['garage', 'house', 'shed'] },
      { serial: '138293339999', devices: ['house', 'shed'] },
    ]);
  });

  it('are none when each device has its own, even listed twice on one device', () => {
    expect(duplicateSerials(new Map())).toEqual([]);
    expect(
      duplicateSerials(
        new Map([
          ['garage', ['116181234567', '116181234567']],
          ['house', ['138293339999']],
        ]),
      ),
    ).toEqual([]);
  });
});
