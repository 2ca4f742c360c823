// Which window holds at a time on the device's clock, which wins an overlap, and which
// restarts fall due: the schedule's pure part, in the device's zone (Europe/Berlin as its
// POSIX TZ string, the DST days included).
import { epochOfLocal, localTimeAt, posixTzOrUtc } from '@opendtu/server-kit/posix-tz';
import { describe, expect, it } from 'vitest';
import { parseSchedule } from '../src/control/schedule-file';
import { resolve, restartsDue } from '../src/control/schedule-resolve';

const BERLIN = posixTzOrUtc('CET-1CEST,M3.5.0,M10.5.0/3');
const A = '112233445566';
const B = '665544332211';

/** The local time in Berlin at a UTC instant written as ISO. */
const at = (iso: string) => localTimeAt(BERLIN, Date.parse(iso));
/** The instant of a Berlin wall-clock time. */
const wall = (y: number, mo: number, d: number, h: number, mi = 0) =>
  epochOfLocal(BERLIN, { year: y, month: mo, day: d, hour: h, minute: mi, second: 0 });
const local = (y: number, mo: number, d: number, h: number, mi = 0) =>
  localTimeAt(BERLIN, wall(y, mo, d, h, mi));

const limitOf = (schedule: ReturnType<typeof parseSchedule>, when: ReturnType<typeof at>, serial = A) =>
  resolve(schedule, when, [A, B]).limits.find((limit) => limit.serial === serial);

describe('a window on chosen weekdays', () => {
  // 2026-06-22 is a Monday, 2026-06-21 a Sunday.
  const schedule = parseSchedule(
    JSON.stringify({ windows: [{ days: ['mon', 'fri'], from: '08:00', to: '12:30', limit_w: 400 }] }),
  );

  it('holds from its start to just before its end, on its days only, on the device clock', () => {
    expect(limitOf(schedule, local(2026, 6, 22, 7, 59))).toBeUndefined();
    expect(limitOf(schedule, local(2026, 6, 22, 8, 0))).toEqual({
      serial: A,
      value: 400,
      unit: 'W',
      window: 0,
    });
    expect(limitOf(schedule, local(2026, 6, 22, 12, 29))).toMatchObject({ value: 400 });
    expect(limitOf(schedule, local(2026, 6, 22, 12, 30))).toBeUndefined();
    expect(limitOf(schedule, local(2026, 6, 21, 9, 0))).toBeUndefined();
    // 08:00 in Berlin in summer is 06:00 UTC: the device's zone, not UTC, decides.
    expect(limitOf(schedule, at('2026-06-22T06:00:00Z'))).toMatchObject({ value: 400 });
    expect(limitOf(schedule, at('2026-06-22T08:00:00Z'))).toMatchObject({ value: 400 });
    expect(limitOf(schedule, at('2026-06-22T10:30:00Z'))).toBeUndefined();
  });

  it('names only the inverters it lists ("all" by default)', () => {
    const some = parseSchedule(
      JSON.stringify({
        windows: [{ from: '08:00', to: '09:00', limit_percent: 50, inverters: [B.toUpperCase()] }],
      }),
    );
    const when = local(2026, 6, 22, 8, 30);
    expect(limitOf(some, when, A)).toBeUndefined();
    expect(limitOf(some, when, B)).toEqual({ serial: B, value: 50, unit: '%', window: 0 });
    expect(resolve(schedule, when, [A, B]).limits.map((limit) => limit.serial)).toEqual([A, B]);
  });
});

describe('a window past midnight', () => {
  const schedule = parseSchedule(
    JSON.stringify({ windows: [{ days: ['fri'], from: '22:00', to: '06:00', limit_percent: 20 }] }),
  );

  it('belongs to the day it starts: Friday 22:00 to Saturday 06:00', () => {
    expect(limitOf(schedule, local(2026, 6, 26, 21, 59))).toBeUndefined();
    expect(limitOf(schedule, local(2026, 6, 26, 22, 0))).toMatchObject({ value: 20 });
    expect(limitOf(schedule, local(2026, 6, 27, 0, 0))).toMatchObject({ value: 20 });
    expect(limitOf(schedule, local(2026, 6, 27, 5, 59))).toMatchObject({ value: 20 });
    expect(limitOf(schedule, local(2026, 6, 27, 6, 0))).toBeUndefined();
    // Friday early morning belongs to Thursday's night, which is not in the window.
    expect(limitOf(schedule, local(2026, 6, 26, 3, 0))).toBeUndefined();
    expect(limitOf(schedule, local(2026, 6, 27, 22, 30))).toBeUndefined();
  });
});

describe('overlapping windows: the one that started last wins, a tie goes to the later in the file', () => {
  const schedule = parseSchedule(
    JSON.stringify({
      windows: [
        { from: '06:00', to: '20:00', limit_w: 800 },
        { from: '10:00', to: '14:00', limit_w: 300, inverters: [A] },
        { from: '22:00', to: '11:00', limit_w: 100 },
        { from: '10:00', to: '12:00', limit_w: 500, inverters: [A] },
      ],
    }),
  );

  it('per inverter, among the windows that name it', () => {
    expect(limitOf(schedule, local(2026, 6, 22, 9, 0))).toMatchObject({ value: 800, window: 0 });
    expect(limitOf(schedule, local(2026, 6, 22, 9, 0), B)).toMatchObject({ value: 800, window: 0 });
    // 10:00: windows 1 and 3 start together, 3 is later in the file.
    expect(limitOf(schedule, local(2026, 6, 22, 10, 30))).toMatchObject({ value: 500, window: 3 });
    // B is not in 1 or 3: the window of 06:00 started after the one of 22:00 the day before.
    expect(limitOf(schedule, local(2026, 6, 22, 10, 30), B)).toMatchObject({ value: 800, window: 0 });
    expect(limitOf(schedule, local(2026, 6, 22, 12, 0))).toMatchObject({ value: 300, window: 1 });
    expect(limitOf(schedule, local(2026, 6, 22, 14, 0))).toMatchObject({ value: 800, window: 0 });
    // 05:00: only the night window holds; 22:30: the night window started last.
    expect(limitOf(schedule, local(2026, 6, 22, 5, 0))).toMatchObject({ value: 100, window: 2 });
    expect(limitOf(schedule, local(2026, 6, 22, 22, 30))).toMatchObject({ value: 100, window: 2 });
    expect(resolve(schedule, local(2026, 6, 22, 10, 30), [A]).holding).toEqual([0, 1, 2, 3]);
  });

  it('for the controller, among the control windows, apart from the limits', () => {
    const control = parseSchedule(
      JSON.stringify({
        windows: [
          { from: '00:00', to: '24:00', control: 'on', target_w: 30 },
          { days: ['sun'], from: '11:00', to: '15:00', control: 'off' },
          { from: '12:00', to: '13:00', control: 'on', target_w: -100 },
          { from: '11:00', to: '16:00', limit_w: 200 },
        ],
      }),
    );
    const sunday = (h: number) => resolve(control, local(2026, 6, 21, h), [A]);
    expect(sunday(9).control).toEqual({ window: 0, on: true, targetW: 30 });
    expect(sunday(11).control).toEqual({ window: 1, on: false, targetW: undefined });
    expect(sunday(12).control).toEqual({ window: 2, on: true, targetW: -100 });
    expect(sunday(14).control).toEqual({ window: 1, on: false, targetW: undefined });
    expect(resolve(control, local(2026, 6, 22, 14), [A]).control).toMatchObject({ window: 0 });
    expect(sunday(12).limits).toEqual([{ serial: A, value: 200, unit: 'W', window: 3 }]);
    expect(resolve(parseSchedule('{"windows":[]}'), local(2026, 6, 21, 9), [A]).control).toBeUndefined();
  });
});

describe('the days the clocks change in Europe/Berlin', () => {
  const schedule = parseSchedule(
    JSON.stringify({
      windows: [
        { days: ['sun'], from: '01:30', to: '04:00', limit_w: 111 },
        { days: ['sun'], from: '02:15', to: '02:45', limit_w: 222, inverters: [B] },
      ],
    }),
  );

  it('spring (2026-03-29, 02:00 CET becomes 03:00 CEST): the skipped hour is missing from a window', () => {
    expect(limitOf(schedule, at('2026-03-29T00:29:00Z'))).toBeUndefined(); // 01:29 CET
    expect(limitOf(schedule, at('2026-03-29T00:30:00Z'))).toMatchObject({ value: 111 }); // 01:30 CET
    expect(limitOf(schedule, at('2026-03-29T01:00:00Z'))).toMatchObject({ value: 111 }); // 03:00 CEST
    expect(limitOf(schedule, at('2026-03-29T01:59:00Z'))).toMatchObject({ value: 111 }); // 03:59 CEST
    expect(limitOf(schedule, at('2026-03-29T02:00:00Z'))).toBeUndefined(); // 04:00 CEST: 1.5 h, not 2.5
    // The window inside the skipped hour never holds that night.
    for (let minute = 0; minute < 240; minute += 5) {
      const when = at(new Date(Date.parse('2026-03-29T00:00:00Z') + minute * 60_000).toISOString());
      expect(limitOf(schedule, when, B)?.value).not.toBe(222);
    }
  });

  it('autumn (2026-10-25, 03:00 CEST becomes 02:00 CET): the repeated hour is in a window twice', () => {
    expect(limitOf(schedule, at('2026-10-24T23:30:00Z'))).toMatchObject({ value: 111 }); // 01:30 CEST
    expect(limitOf(schedule, at('2026-10-25T00:20:00Z'), B)).toMatchObject({ value: 222 }); // 02:20 CEST
    expect(limitOf(schedule, at('2026-10-25T00:50:00Z'), B)).toMatchObject({ value: 111 }); // 02:50 CEST
    expect(limitOf(schedule, at('2026-10-25T01:20:00Z'), B)).toMatchObject({ value: 222 }); // 02:20 CET
    expect(limitOf(schedule, at('2026-10-25T02:59:00Z'))).toMatchObject({ value: 111 }); // 03:59 CET
    expect(limitOf(schedule, at('2026-10-25T03:00:00Z'))).toBeUndefined(); // 04:00 CET
  });
});

describe('daily restarts', () => {
  const schedule = parseSchedule(
    JSON.stringify({
      restarts: [
        { at: '03:00', inverters: [A] },
        { at: '02:30', days: ['sun'] },
      ],
    }),
  );
  const due = (from: number, to: number) =>
    restartsDue(schedule, BERLIN, from, to).map(({ restart, at: when }) => ({
      entry: restart.index,
      at: new Date(when).toISOString(),
    }));

  it('falls due once when the device clock passes its local time', () => {
    expect(due(wall(2026, 6, 22, 2, 59), wall(2026, 6, 22, 3, 0))).toEqual([
      { entry: 0, at: '2026-06-22T01:00:00.000Z' },
    ]);
    expect(due(wall(2026, 6, 22, 3, 0), wall(2026, 6, 22, 3, 1))).toEqual([]);
    expect(due(wall(2026, 6, 22, 3, 1), wall(2026, 6, 23, 2, 0))).toEqual([]);
    // A jump over two nights (a fast demo clock) gives each day's restart.
    expect(due(wall(2026, 6, 22, 4, 0), wall(2026, 6, 24, 4, 0)).map((d) => d.at)).toEqual([
      '2026-06-23T01:00:00.000Z',
      '2026-06-24T01:00:00.000Z',
    ]);
  });

  it('on its weekdays only, and once on the DST days', () => {
    expect(due(wall(2026, 6, 20, 12), wall(2026, 6, 21, 12)).map((d) => d.entry)).toEqual([1, 0]);
    // Spring: 02:30 does not exist on 2026-03-29; it falls at 03:30 CEST (01:30 UTC).
    expect(due(Date.parse('2026-03-28T23:00:00Z'), Date.parse('2026-03-29T03:00:00Z'))).toEqual([
      { entry: 0, at: '2026-03-29T01:00:00.000Z' },
      { entry: 1, at: '2026-03-29T01:30:00.000Z' },
    ]);
    // Autumn: 02:30 comes twice on 2026-10-25; the restart happens at the first.
    expect(
      due(Date.parse('2026-10-24T22:00:00Z'), Date.parse('2026-10-25T04:00:00Z')).filter(
        (d) => d.entry === 1,
      ),
    ).toEqual([{ entry: 1, at: '2026-10-25T00:30:00.000Z' }]);
  });
});
