import {
  weakStrings,
  type DcChannel,
  type LiveDataResponse,
  type LiveInverterCommon,
  type LiveInverterFull,
} from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { absoluteLimitMax, checkLimit } from '../src/lib/limit-validation';
import { inverterState, STATE_BADGE } from '../src/components/inverter-status';
import { byOrder, dataAgeSeconds, EMPTY_LIVE_STATE, mergeLive } from '../src/lib/live-merge';
import { commonInverter, RADIO_STATS } from './support/live-fixtures';

const value = (v: number, u = 'W', d = 1) => ({ v, u, d });
const total = { Power: value(100), YieldDay: value(500, 'Wh', 0), YieldTotal: value(12, 'kWh', 3) };
const hints = { time_sync: false, radio_problem: false, default_password: true, pin_mapping_issue: false };

const common = (serial: string, order: number, extra: Partial<LiveInverterCommon> = {}) =>
  commonInverter(serial, {
    order,
    data_age_ms: 3200,
    radio_stats: { ...RADIO_STATS, rx_success: 9, rx_fail_nothing: 1 },
    ...extra,
  });

function full(serial: string, power: number): LiveInverterFull {
  return { ...common(serial, 0), AC: { '0': { Power: value(power) } }, DC: {}, INV: {}, events: 2 };
}

const message = (inverters: LiveInverterCommon[], power = 100): LiveDataResponse => ({
  inverters,
  total: { ...total, Power: value(power) },
  hints,
});

describe('the badge of an inverter (spec §4)', () => {
  it.each([
    [{ poll_enabled: false, reachable: false, producing: false }, 'disabled', 'text-bg-secondary'],
    [{ poll_enabled: true, reachable: false, producing: false }, 'unreachable', 'text-bg-danger'],
    [{ poll_enabled: true, reachable: true, producing: false }, 'idle', 'text-bg-warning'],
    [{ poll_enabled: true, reachable: true, producing: true }, 'producing', 'text-bg-success'],
  ])('%o is %s (%s)', (flags, state, colour) => {
    expect(inverterState(flags)).toBe(state);
    expect(STATE_BADGE[inverterState(flags)]).toBe(colour);
  });
});

describe('limit validation (spec §5)', () => {
  it('takes 0 to 100 % for a relative limit', () => {
    expect(checkLimit('0', true, 800)).toBeUndefined();
    expect(checkLimit('100', true, 800)).toBeUndefined();
    expect(checkLimit('100.5', true, 800)).toEqual({ key: 'home.LimitRange', max: 100 });
    expect(checkLimit('-1', true, 800)).toEqual({ key: 'home.LimitRange', max: 100 });
  });

  it("takes 0 to the model's max power for an absolute limit, 2250 W while it is unknown", () => {
    expect(checkLimit('800', false, 800)).toBeUndefined();
    expect(checkLimit('801', false, 800)).toEqual({ key: 'home.LimitRange', max: 800 });
    expect(checkLimit('2250', false, 0)).toBeUndefined();
    expect(checkLimit('2251', false, 0)).toEqual({ key: 'home.LimitRange', max: 2250 });
    expect(absoluteLimitMax(undefined)).toBe(2250);
  });

  it('asks for a value when the field is empty or not a number', () => {
    expect(checkLimit(' ', true, 800)).toEqual({ key: 'home.LimitRequired' });
    expect(checkLimit('abc', true, 800)).toEqual({ key: 'home.LimitRange', max: 100 });
  });
});

describe('merging live frames (contract §5.4)', () => {
  it('matches inverters by serial, never by position, and appends an unknown serial', () => {
    let state = mergeLive(EMPTY_LIVE_STATE, message([common('A', 1), common('B', 0)]), 1000, true);
    state = mergeLive(state, message([full('B', 321)], 250), 2000);
    expect(state.inverters.map((i) => i.serial)).toEqual(['A', 'B']);
    expect((state.inverters[1] as LiveInverterFull).AC['0']?.Power?.v).toBe(321);
    expect(state.inverters[0]).not.toHaveProperty('AC');
    expect(state.total?.Power.v).toBe(250);
    state = mergeLive(state, message([full('C', 5)]), 3000);
    expect(state.inverters.map((i) => i.serial)).toEqual(['A', 'B', 'C']);
    expect(byOrder(state.inverters).map((i) => i.serial)).toEqual(['B', 'C', 'A']);
  });

  it('keeps channels when a common-only list arrives later, and drops inverters the device no longer has', () => {
    let state = mergeLive(EMPTY_LIVE_STATE, message([full('A', 10), full('B', 20)]), 1000);
    state = mergeLive(state, message([common('A', 0, { name: 'Renamed' })]), 2000, true);
    expect(state.inverters).toHaveLength(1);
    expect(state.inverters[0]?.name).toBe('Renamed');
    expect((state.inverters[0] as LiveInverterFull).AC['0']?.Power?.v).toBe(10);
  });

  it('ignores the transient {} entry the device may send', () => {
    const state = mergeLive(
      EMPTY_LIVE_STATE,
      message([{} as LiveInverterCommon, common('A', 0)]),
      1000,
      true,
    );
    expect(state.inverters.map((i) => i.serial)).toEqual(['A']);
  });
});

describe('data age (spec §4: ticks every second)', () => {
  it('counts from data_age_ms at receipt', () => {
    const inverter = { data_age_ms: 3200, received_at: 10_000 };
    expect(dataAgeSeconds(inverter, 10_000)).toBe(3);
    expect(dataAgeSeconds(inverter, 10_800)).toBe(4);
    expect(dataAgeSeconds(inverter, 15_000)).toBe(8);
    expect(dataAgeSeconds(inverter, 9_000)).toBe(3);
  });
});

describe('string health', () => {
  const string = (power: number, irradiation?: number, max = 400): DcChannel => ({
    name: { u: '' },
    Power: value(power),
    ...(irradiation === undefined ? {} : { Irradiation: { v: irradiation, u: '%', d: 3, max } }),
  });

  it('flags a string far below its best sibling', () => {
    const weak = weakStrings({ '0': string(300, 75), '1': string(140, 35), '2': string(290, 72) });
    expect(weak.map((w) => w.channel)).toEqual(['1']);
    expect(weak[0]?.share).toBeCloseTo(35 / 75);
  });

  it('leaves strings within 70 % of the best alone', () => {
    expect(weakStrings({ '0': string(300, 75), '1': string(230, 56) })).toEqual([]);
  });

  it('flags nothing when the max power is not configured', () => {
    expect(weakStrings({ '0': string(300), '1': string(20) })).toEqual([]);
    expect(weakStrings({ '0': string(300, 75), '1': string(20) })).toEqual([]);
  });

  it('needs two producing strings, and enough light to compare', () => {
    expect(weakStrings({ '0': string(8, 2), '1': string(2, 0.5) })).toEqual([]);
    expect(
      weakStrings({ '0': string(300, 75), '1': string(30, 7), '2': string(0, 0) }).map((w) => w.channel),
    ).toEqual(['1', '2']);
  });

  it('flags a string in use at zero while a sibling produces (issue 20)', () => {
    // Module power configured: in use, even on a two-string inverter with one producing.
    expect(weakStrings({ '0': string(300, 75), '1': string(0, 0) })).toEqual([{ channel: '1', share: 0 }]);
    // No module power, but it has yielded before: something is plugged in.
    const yielded = { ...string(0), YieldTotal: value(812.5, 'kWh', 3) };
    expect(weakStrings({ '0': string(300), '1': yielded })).toEqual([{ channel: '1', share: 0 }]);
  });

  it('leaves an input nothing is plugged into alone, and zero strings at dawn', () => {
    expect(weakStrings({ '0': string(300), '1': string(0) })).toEqual([]);
    expect(weakStrings({ '0': string(15, 4), '1': string(0, 0) })).toEqual([]);
  });
});
