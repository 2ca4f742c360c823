/**
 * POSIX TZ strings as the device's C library reads them (the NTP settings store one, e.g.
 * `CET-1CEST,M3.5.0,M10.5.0/3`): standard and optional daylight-saving name/offset and the
 * two transition rules. Offsets in a TZ string are *west* of UTC (`CET-1` is UTC+1); this
 * module reports them the usual way, seconds *east* of UTC (local = UTC + offset).
 *
 * Like newlib, a string that does not parse is treated as UTC.
 */

/** A transition day: `Mm.w.d` (weekday d of week w of month m), `Jn` (1..365, no Feb 29) or `n` (0..365). */
export type TransitionDate =
  | { kind: 'month-week-day'; month: number; week: number; weekday: number }
  | { kind: 'julian-no-leap'; day: number }
  | { kind: 'julian'; day: number };

export interface TransitionRule {
  date: TransitionDate;
  /** Seconds after local midnight (may be negative or beyond 24 h, e.g. `/24`). */
  time: number;
}

export interface PosixTz {
  stdName: string;
  /** Seconds east of UTC. */
  stdOffset: number;
  dst?: {
    name: string;
    offset: number;
    start: TransitionRule;
    end: TransitionRule;
  };
}

/** A date and a time of day as a wall clock shows them. */
export interface WallDateTime {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface LocalDateTime extends WallDateTime {
  /** 0 = Sunday. */
  weekday: number;
}

export interface LocalTime extends LocalDateTime {
  /** Seconds east of UTC in effect at that instant. */
  utcOffset: number;
  isDst: boolean;
}

export const UTC: PosixTz = { stdName: 'UTC', stdOffset: 0 };

// US rules are the C library's fallback when a DST name has no rule part.
const DEFAULT_START: TransitionRule = {
  date: { kind: 'month-week-day', month: 3, week: 2, weekday: 0 },
  time: 7200,
};
const DEFAULT_END: TransitionRule = {
  date: { kind: 'month-week-day', month: 11, week: 1, weekday: 0 },
  time: 7200,
};

class Cursor {
  index = 0;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text.charAt(this.index);
  }
  done(): boolean {
    return this.index >= this.text.length;
  }
  take(pattern: RegExp): string | undefined {
    const match = pattern.exec(this.text.slice(this.index));
    if (!match || match.index !== 0) return undefined;
    this.index += match[0].length;
    return match[0];
  }
}

function readName(cursor: Cursor): string | undefined {
  if (cursor.peek() === '<') {
    const quoted = cursor.take(/^<[A-Za-z0-9+-]{3,}>/);
    return quoted?.slice(1, -1);
  }
  return cursor.take(/^[A-Za-z]{3,}/);
}

/** `[+|-]hh[:mm[:ss]]` as seconds; undefined when absent. */
function readHms(cursor: Cursor): number | undefined {
  const text = cursor.take(/^[+-]?\d{1,3}(:\d{1,2}){0,2}/);
  if (text === undefined) return undefined;
  const negative = text.startsWith('-');
  const [h = 0, m = 0, s = 0] = text.replace(/^[+-]/, '').split(':').map(Number);
  const seconds = h * 3600 + m * 60 + s;
  return negative ? -seconds : seconds;
}

function readRule(cursor: Cursor): TransitionRule | undefined {
  let date: TransitionDate;
  const mwd = cursor.take(/^M\d{1,2}\.\d\.\d/);
  if (mwd) {
    const [month = 0, week = 0, weekday = 0] = mwd.slice(1).split('.').map(Number);
    if (month < 1 || month > 12 || week < 1 || week > 5 || weekday > 6) return undefined;
    date = { kind: 'month-week-day', month, week, weekday };
  } else if (cursor.take(/^J/)) {
    const day = Number(cursor.take(/^\d{1,3}/));
    if (!(day >= 1 && day <= 365)) return undefined;
    date = { kind: 'julian-no-leap', day };
  } else {
    const text = cursor.take(/^\d{1,3}/);
    if (text === undefined || Number(text) > 365) return undefined;
    date = { kind: 'julian', day: Number(text) };
  }
  let time = 7200;
  if (cursor.take(/^\//)) {
    const value = readHms(cursor);
    if (value === undefined) return undefined;
    time = value;
  }
  return { date, time };
}

/** Parses a POSIX TZ string; undefined when it is not valid. */
export function parsePosixTz(text: string): PosixTz | undefined {
  const cursor = new Cursor(text.startsWith(':') ? text.slice(1) : text);
  const stdName = readName(cursor);
  const stdWest = readHms(cursor);
  if (stdName === undefined || stdWest === undefined) return undefined;
  const tz: PosixTz = { stdName, stdOffset: -stdWest };
  if (cursor.done()) return tz;

  const dstName = readName(cursor);
  if (dstName === undefined) return undefined;
  const dstWest = readHms(cursor);
  const offset = dstWest === undefined ? tz.stdOffset + 3600 : -dstWest;
  let start = DEFAULT_START;
  let end = DEFAULT_END;
  if (cursor.take(/^,/)) {
    const parsedStart = readRule(cursor);
    if (!parsedStart || !cursor.take(/^,/)) return undefined;
    const parsedEnd = readRule(cursor);
    if (!parsedEnd) return undefined;
    start = parsedStart;
    end = parsedEnd;
  }
  if (!cursor.done()) return undefined;
  tz.dst = { name: dstName, offset, start, end };
  return tz;
}

/** Parses like `parsePosixTz` but falls back to UTC, as the C library does. */
export function posixTzOrUtc(text: string): PosixTz {
  return parsePosixTz(text) ?? UTC;
}

const DAY_MS = 86_400_000;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Epoch milliseconds of 00:00 "UTC" of the rule's day in that year (a wall-clock date). */
function ruleDayMs(year: number, date: TransitionDate): number {
  switch (date.kind) {
    case 'julian': {
      return Date.UTC(year, 0, 1) + date.day * DAY_MS;
    }
    case 'julian-no-leap': {
      // Day 60 is always March 1: February 29 is never counted.
      const leapShift = isLeap(year) && date.day >= 60 ? 1 : 0;
      return Date.UTC(year, 0, 1) + (date.day - 1 + leapShift) * DAY_MS;
    }
    case 'month-week-day': {
      const first = Date.UTC(year, date.month - 1, 1);
      const firstWeekday = new Date(first).getUTCDay();
      let day = 1 + ((date.weekday - firstWeekday + 7) % 7) + (date.week - 1) * 7;
      const monthLength = new Date(Date.UTC(year, date.month, 0)).getUTCDate();
      while (day > monthLength) day -= 7;
      return Date.UTC(year, date.month - 1, day);
    }
  }
}

/** UTC epoch milliseconds of the DST start and end transitions of a year. */
function transitions(tz: PosixTz, year: number): { start: number; end: number } | undefined {
  const dst = tz.dst;
  if (!dst) return undefined;
  // The start time is given in standard time, the end time in daylight time.
  const start = ruleDayMs(year, dst.start.date) + dst.start.time * 1000 - tz.stdOffset * 1000;
  const end = ruleDayMs(year, dst.end.date) + dst.end.time * 1000 - dst.offset * 1000;
  return { start, end };
}

function isDstAt(tz: PosixTz, epochMs: number): boolean {
  if (!tz.dst) return false;
  const year = new Date(epochMs + tz.stdOffset * 1000).getUTCFullYear();
  const range = transitions(tz, year);
  if (!range) return false;
  // Northern hemisphere: DST between start and end; southern: outside end..start.
  return range.start < range.end
    ? epochMs >= range.start && epochMs < range.end
    : !(epochMs >= range.end && epochMs < range.start);
}

/** Seconds east of UTC in effect at an instant. */
export function utcOffsetAt(tz: PosixTz, epochMs: number): number {
  return isDstAt(tz, epochMs) && tz.dst ? tz.dst.offset : tz.stdOffset;
}

/** The local wall-clock time at an instant. */
export function localTimeAt(tz: PosixTz, epochMs: number): LocalTime {
  const isDst = isDstAt(tz, epochMs);
  const utcOffset = isDst && tz.dst ? tz.dst.offset : tz.stdOffset;
  const wall = new Date(epochMs + utcOffset * 1000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
    utcOffset,
    isDst,
  };
}

/**
 * The instant of a local wall-clock time, as `mktime` finds it: out-of-range fields are
 * normalised (February 31 is March 3). In the hour skipped at the DST start the standard
 * offset is used; in the repeated hour at the end, the first occurrence.
 */
export function epochOfLocal(
  tz: PosixTz,
  parts: Omit<LocalDateTime, 'weekday'> & { weekday?: number },
): number {
  return epochOfWall(
    tz,
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
  );
}

/** Like `epochOfLocal`, the wall-clock time given as ms counted as if it were UTC. */
export function epochOfWall(tz: PosixTz, wall: number): number {
  const candidates = [tz.dst?.offset, tz.stdOffset].filter((o): o is number => o !== undefined);
  for (const offset of candidates) {
    const instant = wall - offset * 1000;
    if (utcOffsetAt(tz, instant) === offset) return instant;
  }
  return wall - tz.stdOffset * 1000;
}
