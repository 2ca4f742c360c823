// The Control screen's pure parts: today's chart from the recorder's day and the
// controller's minutes, and the words for each state (every one has its text in en).
import type { ControlDayAnswer, ControlState, PowerAnswer } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { controlChart, seriesPath } from '../src/features/control/control-chart-data';
import { gridKey, stateKeys, statusKey } from '../src/features/control/control-words';
import en from '../src/i18n/en.json';
import { createTranslator } from '../src/i18n/runtime';

// 21 June 2026 in UTC+2: the recorder's day runs from 22:00 UTC before to 22:00 UTC.
const TO = Date.UTC(2026, 5, 21, 22);
const MIDNIGHT = TO - 86_400_000;
const minute = (hh: number, mm: number) => MIDNIGHT + (hh * 60 + mm) * 60_000;

const power: PowerAnswer = {
  date: '2026-06-21',
  timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  from: MIDNIGHT,
  to: TO,
  inverters: [
    {
      serial: '116491234568',
      name: 'House',
      strings: ['Roof'],
      columns: ['t', 'ac', 'dc0'],
      points: [
        [minute(12, 0) + 5000, 900, 950],
        [minute(12, 2) + 1000, 400, 420],
      ],
    },
  ],
};

const day: ControlDayAnswer = {
  columns: ['t', 'meter_w', 'limits_w'],
  points: [
    [minute(11, 59) - 86_400_000, -50, 600], // yesterday: not on today's chart
    [minute(12, 0), -600, 1500],
    [minute(12, 1), -60, 1000],
    [minute(12, 2), 30, 450],
    [minute(12, 3), null, 450],
  ],
};

describe("the control screen's chart", () => {
  it("lays the meter and the limits over the inverters' output on the device's minutes", () => {
    const chart = controlChart(power, day);
    const noon = 12 * 60;
    expect(chart.meter.slice(noon, noon + 4)).toEqual([-600, -60, 30, null]);
    expect(chart.limits.slice(noon, noon + 4)).toEqual([1500, 1000, 450, 450]);
    expect(chart.output.slice(noon, noon + 3)).toEqual([900, 900, 400]);
    expect(chart.meter.filter((w) => w !== null)).toHaveLength(3);
    expect(chart.span).toEqual({ first: noon, last: noon + 3 });
    // Export below zero: the axis goes down far enough, in round steps.
    expect(chart.bottom).toBeLessThanOrEqual(-600);
    expect(chart.top).toBeGreaterThanOrEqual(1500);
    expect(chart.bottom % chart.step).toBe(-0);
    expect(chart.exportedWh).toBeCloseTo(660 / 60);
    expect(chart.importedWh).toBeCloseTo(30 / 60);
  });

  it('has no span before anything was recorded, and still an axis', () => {
    const chart = controlChart({ ...power, inverters: [] }, { ...day, points: [] });
    expect(chart.span).toBeUndefined();
    expect(chart.top).toBeGreaterThan(chart.bottom);
  });

  it('breaks a line where a minute has no value', () => {
    expect(seriesPath([null, 0, 50, null, 100], 0, 100, 100)).toBe('M1 100.0h0L2 50.0M4 0.0h0');
  });
});

describe("the controller's words", () => {
  const t = createTranslator([en]).t;
  it('names and explains every state, and keeps an unknown one as it is', () => {
    const states: ControlState[] = [
      'starting',
      'following',
      'in-band',
      'waiting',
      'fallback',
      'restoring',
      'paused',
      'idle',
      'maxed',
      'holding',
    ];
    for (const state of states) {
      const keys = stateKeys(state)!;
      expect(t(keys.name)).not.toBe(keys.name);
      expect(t(keys.why, { target: '0 W', band: '25 W', interval: 10, hold: 60 })).not.toContain('{');
    }
    expect(stateKeys('scheduled')).toBeUndefined();
    expect(t(stateKeys('paused', true)!.name)).toBe('Paused by a schedule');
    expect(t(stateKeys('following', true)!.name)).toBe('Following the house');
    expect(t(stateKeys('in-band')!.name)).toBe('Inside the band');
    expect(t(stateKeys('paused')!.name)).toBe('Paused');
    expect(t(stateKeys('idle')!.name)).toBe('Nothing to control');
    expect(t(stateKeys('maxed')!.name)).toBe('Giving all they can');
    expect(t(stateKeys('holding')!.why, { hold: 60 })).toContain('waits 60 s before the inverters cover it');
  });

  it('says which way the grid power flows, and each acknowledgement', () => {
    expect(t(gridKey(-350), { power: '350 W' })).toBe('Feeding 350 W into the grid');
    expect(t(gridKey(12), { power: '12 W' })).toBe('Taking 12 W from the grid');
    expect(t(statusKey('ok'))).toBe('Ok');
    expect(t(statusKey('timeout'))).toBe('No answer');
  });
});
