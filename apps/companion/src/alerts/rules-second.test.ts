import type { DcChannel } from '@opendtu/api';
import { UTC } from '@opendtu/server-kit/posix-tz';
import { describe, expect, it } from 'vitest';
import { judgeCommands, trackCommand } from './command-rule';
import { judgeEnergy, median } from './energy-rule';
import { judgeEventLog } from './eventlog-rule';
import { minuteOfDay, quietUntil } from './quiet-hours';
import {
  DEFAULT_ALERT_SETTINGS,
  daylightOf,
  MINUTE_MS,
  type AlertSettings,
  type InverterSeen,
} from './rules';
import { judgeStrings, trackStrings, type StringSeen } from './string-rule';
import { judgeThresholds, trackTemperature } from './threshold-rules';

const at = (hhmm: string, day = '2026-06-21'): number => Date.parse(`${day}T${hhmm}:00Z`);
const DAYLIGHT = daylightOf({ rise: at('01:15'), set: at('20:45') }, 120);
const when = (hhmm: string) => ({ now: at(hhmm), daylight: DAYLIGHT });
/** Solar noon: the middle of the device's sun times (11:00 UTC here). */
const NOON = (DAYLIGHT!.from + DAYLIGHT!.to) / 2;
const S = DEFAULT_ALERT_SETTINGS;
const withRule = (rule: keyof AlertSettings['rules'], change: object): AlertSettings => ({
  ...S,
  rules: { ...S.rules, [rule]: { ...S.rules[rule], ...change } },
});
const keys = (verdict: { standing: { key: string }[] }) => verdict.standing.map((finding) => finding.key);

/** Two strings of 400 Wp; `second` W on the second one, 200 W on the first. */
const dc = (second: number): Record<string, DcChannel> => ({
  '0': {
    Power: { v: 200, u: 'W', d: 1 },
    Irradiation: { v: 50, u: '%', d: 3, max: 400 },
    name: { u: 'East' },
  },
  '1': {
    Power: { v: second, u: 'W', d: 1 },
    Irradiation: { v: second / 4, u: '%', d: 3, max: 400 },
    name: { u: '' },
  },
});

describe('string-weak', () => {
  const roof = { serial: '116491234568', name: 'Roof' };
  const run = (from: string, minutes: number, power: (minute: number) => number) => {
    const seen = new Map<string, StringSeen>();
    for (let minute = 0; minute <= minutes; minute += 1)
      trackStrings(seen, { ...roof, dc: dc(power(minute)) }, at(from) + minute * MINUTE_MS, 0.5, NOON);
    return seen;
  };

  it('raises a string under half of its sibling per Wp after 30 minutes of good light on each side of solar noon, naming it', () => {
    expect(NOON).toBe(at('11:00'));
    const early = judgeStrings(run('10:30', 59, () => 80).values(), when('11:29'), S);
    expect(keys(early)).toEqual([]);
    const verdict = judgeStrings(run('10:30', 60, () => 80).values(), when('11:30'), S);
    expect(keys(verdict)).toEqual(['string-weak:116491234568:1']);
    expect(verdict.standing[0]!.detail).toEqual({ what: 'input 2', share: 0.4 });
    expect(verdict.standing[0]!.since).toBe(at('10:30'));
    expect(verdict.cleared).toEqual(['string-weak:116491234568:0']);
  });

  it('never tells strings facing different ways: one lags all morning, the other all afternoon', () => {
    // Input 2 faces west (under half of input 1 until noon), input 1 east (under half after).
    const roofDay = run('07:00', 540, (minute) => (minute < 240 ? 80 : 500));
    const verdict = judgeStrings(roofDay.values(), when('16:00'), S);
    expect(keys(verdict)).toEqual([]);
    expect(roofDay.get('string-weak:116491234568:0')!.weakPmMs).toBe(300 * MINUTE_MS);
    expect(roofDay.get('string-weak:116491234568:1')!.weakAmMs).toBe(0);
  });

  it('starts again after a healthy minute, and a dark string among lit ones counts as weak', () => {
    const flicker = run('11:00', 40, (minute) => (minute === 20 ? 200 : 80));
    expect(keys(judgeStrings(flicker.values(), when('11:40'), S))).toEqual([]);
    // At zero while its sibling produces: told after the rule's time, on one side of noon.
    expect(keys(judgeStrings(run('11:00', 29, () => 0).values(), when('11:29'), S))).toEqual([]);
    expect(keys(judgeStrings(run('11:00', 30, () => 0).values(), when('11:30'), S))).toEqual([
      'string-weak:116491234568:1',
    ]);
  });

  it('counts no time without good light, across a gap, or at night; a rule that is off raises nothing', () => {
    const dim = new Map<string, StringSeen>();
    const dimDc = (minute: number): Record<string, DcChannel> => ({
      '0': { Power: { v: 8, u: 'W', d: 1 }, Irradiation: { v: 2, u: '%', d: 3, max: 400 }, name: { u: '' } },
      '1': {
        Power: { v: minute % 2, u: 'W', d: 1 },
        Irradiation: { v: 0.1, u: '%', d: 3, max: 400 },
        name: { u: '' },
      },
    });
    for (let minute = 0; minute <= 60; minute += 1)
      trackStrings(dim, { ...roof, dc: dimDc(minute) }, at('11:00') + minute * MINUTE_MS, 0.5, NOON);
    expect(keys(judgeStrings(dim.values(), when('12:00'), S))).toEqual([]);
    const gappy = new Map<string, StringSeen>();
    for (const minute of [0, 10, 20, 30, 40])
      trackStrings(gappy, { ...roof, dc: dc(80) }, at('11:00') + minute * MINUTE_MS, 0.5, NOON);
    expect(gappy.get('string-weak:116491234568:1')!.weakMs).toBe(0);
    const weak = run('10:30', 60, () => 80);
    expect(keys(judgeStrings(weak.values(), when('23:00'), S))).toEqual([]);
    expect(
      keys(judgeStrings(weak.values(), when('11:30'), withRule('string-weak', { enabled: false }))),
    ).toEqual([]);
  });
});

describe('command-failed', () => {
  const roof = { serial: '116491234568', name: 'Roof' };

  it('raises a Failure at once and a command still Pending after 5 minutes; Ok clears it', () => {
    const failed = trackCommand(undefined, roof, 'limit', 'Failure', at('12:00'));
    expect(judgeCommands([failed], when('12:00'), S).standing).toMatchObject([
      { key: 'command-failed:116491234568', reason: 'failure', detail: { what: 'limit' } },
    ]);
    const pending = trackCommand(undefined, roof, 'power', 'Pending', at('12:00'));
    expect(keys(judgeCommands([pending], when('12:04'), S))).toEqual([]);
    trackCommand(pending, roof, 'power', 'Pending', at('12:03'));
    expect(judgeCommands([pending], when('12:05'), S).standing).toMatchObject([
      { reason: 'unconfirmed', since: at('12:00'), detail: { what: 'power' } },
    ]);
    trackCommand(pending, roof, 'power', 'Ok', at('12:06'));
    expect(judgeCommands([pending], when('12:06'), S)).toEqual({
      standing: [],
      cleared: ['command-failed:116491234568'],
    });
  });

  it('keeps the start across Pending and Failure taking turns, and raises nothing at night', () => {
    const turns = trackCommand(undefined, roof, 'limit', 'Pending', at('12:00'));
    trackCommand(turns, roof, 'limit', 'Failure', at('12:01'));
    trackCommand(turns, roof, 'limit', 'Pending', at('12:02'));
    expect(turns.unconfirmedSince).toBe(at('12:00'));
    const night = trackCommand(undefined, roof, 'limit', 'Failure', at('22:00'));
    expect(keys(judgeCommands([night], when('22:00'), S))).toEqual([]);
  });
});

describe('eventlog', () => {
  const roof = { serial: '116491234568', name: 'Roof' };
  const entry = (id: number, start: number, end = 0) => ({
    message_id: id,
    message: `Event ${id}`,
    start_time: start,
    end_time: end,
  });
  const midnight = at('00:00');

  it('tells nothing of the log as first read, then each new entry once with its text', () => {
    const first = judgeEventLog({
      seen: undefined,
      inverter: roof,
      entries: [entry(2, 3600, 3700)],
      now: at('11:00'),
      midnight,
      openKeys: [],
    });
    expect(first.standing).toEqual([]);
    const second = judgeEventLog({
      seen: first.seen,
      inverter: roof,
      entries: [entry(2, 3600, 3700), entry(148, 43_200)],
      now: at('12:01'),
      midnight,
      openKeys: [],
    });
    expect(second.standing).toEqual([
      expect.objectContaining({
        key: 'eventlog:116491234568:148@43200',
        since: at('12:00'),
        detail: { what: 'Event 148', value: 148 },
      }),
    ]);
    expect(second.standing[0]!.over).toBeUndefined();
    const again = judgeEventLog({
      seen: second.seen,
      inverter: roof,
      entries: [entry(148, 43_200)],
      now: at('12:02'),
      midnight,
      openKeys: ['eventlog:116491234568:148@43200'],
    });
    expect(again).toMatchObject({ standing: [], cleared: [] });
    const ended = judgeEventLog({
      seen: again.seen,
      inverter: roof,
      entries: [entry(148, 43_200, 43_260)],
      now: at('12:03'),
      midnight,
      openKeys: ['eventlog:116491234568:148@43200'],
    });
    expect(ended.cleared).toEqual(['eventlog:116491234568:148@43200']);
  });

  it("does not tell a morning's routine: the inverter's start and the DTU's time calibration", () => {
    const night = judgeEventLog({
      seen: undefined,
      inverter: roof,
      entries: [],
      now: at('04:00'),
      midnight,
      openKeys: [],
    });
    const morning = judgeEventLog({
      seen: night.seen,
      inverter: roof,
      entries: [
        entry(1, 5 * 3600 + 60, 5 * 3600 + 60),
        entry(2, 5 * 3600 + 90, 5 * 3600 + 90),
        entry(148, 5 * 3600 + 120),
      ],
      now: at('05:05'),
      midnight,
      openKeys: [],
    });
    expect(morning.standing.map((finding) => finding.detail)).toEqual([{ what: 'Event 148', value: 148 }]);
  });

  it("does not tell old entries the DTU fetched after the first reading, nor yesterday's", () => {
    const empty = judgeEventLog({
      seen: undefined,
      inverter: roof,
      entries: [],
      now: at('12:00'),
      midnight,
      openKeys: [],
    });
    const late = judgeEventLog({
      seen: empty.seen,
      inverter: roof,
      entries: [entry(1, 5 * 3600, 5 * 3600), entry(3, 20 * 3600, 20 * 3600)],
      now: at('12:01'),
      midnight,
      openKeys: [],
    });
    expect(late.standing).toEqual([]);
    const fresh = judgeEventLog({
      seen: late.seen,
      inverter: roof,
      entries: [entry(148, 43_230, 43_230)],
      now: at('12:02'),
      midnight,
      openKeys: [],
    });
    expect(fresh.standing).toHaveLength(1);
  });

  it('marks an entry that is over when first seen, and clears open alerts whose entry left the log', () => {
    const first = judgeEventLog({
      seen: undefined,
      inverter: roof,
      entries: [],
      now: at('11:00'),
      midnight,
      openKeys: ['eventlog:116491234568:9@60'],
    });
    expect(first.cleared).toEqual(['eventlog:116491234568:9@60']);
    const short = judgeEventLog({
      seen: first.seen,
      inverter: roof,
      entries: [entry(148, 43_200, 43_201)],
      now: at('12:01'),
      midnight,
      openKeys: [],
    });
    expect(short.standing[0]!.over).toBe(at('12:00') + 1000);
    expect(
      judgeEventLog({
        seen: first.seen,
        inverter: roof,
        entries: [entry(7, 43_300)],
        now: at('12:02'),
        midnight,
        openKeys: [],
        enabled: false,
      }).standing,
    ).toEqual([]);
  });
});

describe('energy-low', () => {
  const before = Array.from({ length: 14 }, (_, index) => `2026-06-${String(19 - index).padStart(2, '0')}`);
  const days = (yesterday: number, count = 14) =>
    new Map([
      ['2026-06-20', yesterday],
      ...before.slice(0, count).map((day, index) => [day, 10_000 + index * 100] as const),
    ]);

  it('tells yesterday under half of the median of the 14 days before', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const low = judgeEnergy('2026-06-20', before, days(5000), at('03:15'), [], S);
    expect(low.standing).toMatchObject([{ key: 'energy-low::2026-06-20', detail: { value: 5000 } }]);
    expect(low.standing[0]!.detail!.share).toBeCloseTo(5000 / 10_650);
    expect(judgeEnergy('2026-06-20', before, days(5400), at('03:15'), [], S).standing).toEqual([]);
  });

  it('says nothing before 14 days are recorded, and ends the open alert at the next look', () => {
    expect(judgeEnergy('2026-06-20', before, days(10, 13), at('03:15'), [], S).standing).toEqual([]);
    expect(
      judgeEnergy('2026-06-20', before, days(9000), at('03:15'), ['energy-low::2026-06-19'], S).cleared,
    ).toEqual(['energy-low::2026-06-19']);
  });
});

describe('inverter-hot and influx-failing', () => {
  const inverter = (): InverterSeen => ({
    serial: '116491234568',
    name: 'Roof',
    dataAt: at('12:00'),
    producedAt: at('12:00'),
    firstSeen: at('06:00'),
  });
  const state = (now: string, inverters: InverterSeen[], influxFailingSince?: number) => ({
    ...when(now),
    dtuDownSince: undefined,
    dtuUpSince: at('00:00'),
    inverters,
    influxFailingSince,
  });

  it('raises an inverter above the set temperature for 5 minutes only when the rule is on', () => {
    const hot = inverter();
    trackTemperature(hot, 72, at('12:00'), 70);
    trackTemperature(hot, 74, at('12:03'), 70);
    const on = withRule('inverter-hot', { enabled: true });
    expect(keys(judgeThresholds(state('12:04', [hot]), on))).toEqual([]);
    expect(judgeThresholds(state('12:05', [hot]), on).standing).toMatchObject([
      { key: 'inverter-hot:116491234568', since: at('12:00'), detail: { value: 74 } },
    ]);
    expect(keys(judgeThresholds(state('12:05', [hot]), S))).toEqual([]);
    trackTemperature(hot, 60, at('12:06'), 70);
    expect(judgeThresholds(state('12:06', [hot]), on).cleared).toContain('inverter-hot:116491234568');
  });

  it('raises the InfluxDB target failing for an hour of judged time', () => {
    expect(keys(judgeThresholds(state('12:59', [], at('12:00')), S))).toEqual([]);
    expect(keys(judgeThresholds(state('13:00', [], at('12:00')), S))).toEqual(['influx-failing:']);
    expect(keys(judgeThresholds(state('23:00', [], at('12:00')), S))).toEqual([]);
    expect(judgeThresholds(state('13:00', []), S).cleared).toEqual(['influx-failing:']);
  });
});

describe('quiet hours', () => {
  it('holds messages until the end, over midnight too', () => {
    expect(minuteOfDay('22:00')).toBe(1320);
    expect(minuteOfDay('24:00')).toBeUndefined();
    const night = { from: 22 * 60, to: 7 * 60 };
    expect(quietUntil(at('23:30'), UTC, night)).toBe(at('07:00', '2026-06-22'));
    expect(quietUntil(at('06:59'), UTC, night)).toBe(at('07:00'));
    expect(quietUntil(at('07:00'), UTC, night)).toBeUndefined();
    expect(quietUntil(at('12:30'), UTC, { from: 12 * 60, to: 13 * 60 })).toBe(at('13:00'));
    expect(quietUntil(at('12:30'), UTC, undefined)).toBeUndefined();
  });
});
