/**
 * The schedule file (`--schedule <file>`, issue 32): time windows on chosen weekdays with a
 * limit for chosen inverters or with the controller on, off or at another target, daily
 * restarts, and the dry-run switch. Read once at start; every mistake is reported as one
 * line naming the entry (`windows[2].from`), so a service that would act at the wrong time
 * does not start at all.
 */
import { readFileSync } from 'node:fs';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** The device refuses a limit value above this (its own check). */
export const MAX_LIMIT_W = 2250;

export type InverterChoice = string[] | 'all';

export type WindowAction =
  | { kind: 'limit'; value: number; unit: 'W' | '%'; inverters: InverterChoice }
  | { kind: 'control'; on: boolean; targetW: number | undefined };

export interface ScheduleWindow {
  /** Its place in the file (0 first): the tie-break and how the API names it. */
  index: number;
  name: string | undefined;
  /** Weekdays (0 = Sunday) on which the window starts. */
  days: number[];
  /** Seconds after local midnight; `to` below `from` ends the next day. */
  from: number;
  to: number;
  action: WindowAction;
}

export interface ScheduledRestart {
  index: number;
  days: number[];
  /** Seconds after local midnight. */
  at: number;
  inverters: InverterChoice;
}

export interface Schedule {
  /** Log and report what would be sent; send nothing. */
  dryRun: boolean;
  windows: ScheduleWindow[];
  restarts: ScheduledRestart[];
}

export class ScheduleError extends Error {}

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function allowOnly(entry: Entry, where: string, keys: readonly string[]): void {
  const stray = Object.keys(entry).find((key) => !keys.includes(key));
  if (stray !== undefined)
    throw new ScheduleError(`${where}: unknown key "${stray}" (known: ${keys.join(', ')})`);
}

/** "HH:MM" as seconds after midnight; "24:00" only where a window may end. */
function timeOfDay(value: unknown, where: string, endOfDay: boolean): number {
  const match = typeof value === 'string' ? /^(\d{1,2}):(\d{2})$/.exec(value) : null;
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  const ok = match && minutes < 60 && (hours < 24 || (endOfDay && hours === 24 && minutes === 0));
  if (!ok)
    throw new ScheduleError(
      `${where} must be a time "HH:MM" (00:00 to ${endOfDay ? '24:00' : '23:59'}), got ${JSON.stringify(value)}`,
    );
  return (hours * 60 + minutes) * 60;
}

function daysOf(value: unknown, where: string): number[] {
  if (value === undefined) return [0, 1, 2, 3, 4, 5, 6];
  const names = Array.isArray(value) ? value : [];
  const days = names.map((name) =>
    typeof name === 'string' ? (WEEKDAYS as readonly string[]).indexOf(name.toLowerCase()) : -1,
  );
  if (names.length === 0 || days.includes(-1))
    throw new ScheduleError(
      `${where} must list weekdays (${WEEKDAYS.join(', ')}), got ${JSON.stringify(value)}`,
    );
  return [...new Set(days)].sort();
}

function invertersOf(value: unknown, where: string): InverterChoice {
  if (value === undefined || value === 'all') return 'all';
  const serials = Array.isArray(value) ? value : [];
  if (serials.length === 0 || !serials.every((s) => typeof s === 'string' && /^[0-9a-f]{12}$/i.test(s)))
    throw new ScheduleError(
      `${where} must be "all" or a list of inverter serials (12 hex digits), got ${JSON.stringify(value)}`,
    );
  return (serials as string[]).map((serial) => serial.toLowerCase());
}

function numberIn(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw new ScheduleError(`${where} must be a number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return value;
}

const WINDOW_KEYS = [
  'name',
  'days',
  'from',
  'to',
  'limit_w',
  'limit_percent',
  'inverters',
  'control',
  'target_w',
] as const;

function windowOf(entry: unknown, index: number): ScheduleWindow {
  const where = `windows[${index}]`;
  if (!isEntry(entry)) throw new ScheduleError(`${where} must be an object`);
  allowOnly(entry, where, WINDOW_KEYS);
  if (entry.name !== undefined && typeof entry.name !== 'string')
    throw new ScheduleError(`${where}.name must be a text`);
  const from = timeOfDay(entry.from, `${where}.from`, false);
  const to = timeOfDay(entry.to, `${where}.to`, true);
  if (from === to) throw new ScheduleError(`${where}: "from" and "to" are the same time (an empty window)`);
  const kinds = (['limit_w', 'limit_percent', 'control'] as const).filter((key) => entry[key] !== undefined);
  if (kinds.length !== 1)
    throw new ScheduleError(`${where} needs exactly one of "limit_w", "limit_percent" or "control"`);
  let action: WindowAction;
  if (kinds[0] === 'control') {
    if (entry.control !== 'on' && entry.control !== 'off')
      throw new ScheduleError(`${where}.control must be "on" or "off", got ${JSON.stringify(entry.control)}`);
    if (entry.inverters !== undefined)
      throw new ScheduleError(
        `${where}: a control window acts on the controller's inverters (no "inverters")`,
      );
    if (entry.control === 'off' && entry.target_w !== undefined)
      throw new ScheduleError(`${where}: "target_w" goes with "control": "on"`);
    action = {
      kind: 'control',
      on: entry.control === 'on',
      targetW:
        entry.target_w === undefined
          ? undefined
          : numberIn(entry.target_w, `${where}.target_w`, -10_000, 10_000),
    };
  } else {
    if (entry.target_w !== undefined)
      throw new ScheduleError(`${where}: "target_w" goes with "control": "on"`);
    const percent = kinds[0] === 'limit_percent';
    action = {
      kind: 'limit',
      value: percent
        ? numberIn(entry.limit_percent, `${where}.limit_percent`, 0, 100)
        : Math.round(numberIn(entry.limit_w, `${where}.limit_w`, 0, MAX_LIMIT_W)),
      unit: percent ? '%' : 'W',
      inverters: invertersOf(entry.inverters, `${where}.inverters`),
    };
  }
  return {
    index,
    name: entry.name as string | undefined,
    days: daysOf(entry.days, `${where}.days`),
    from,
    to,
    action,
  };
}

function restartOf(entry: unknown, index: number): ScheduledRestart {
  const where = `restarts[${index}]`;
  if (!isEntry(entry)) throw new ScheduleError(`${where} must be an object`);
  allowOnly(entry, where, ['at', 'days', 'inverters']);
  return {
    index,
    days: daysOf(entry.days, `${where}.days`),
    at: timeOfDay(entry.at, `${where}.at`, false),
    inverters: invertersOf(entry.inverters, `${where}.inverters`),
  };
}

/** The schedule in a file's text; throws a ScheduleError naming the first wrong entry. */
export function parseSchedule(text: string): Schedule {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ScheduleError(`not JSON (${(error as Error).message})`);
  }
  if (!isEntry(json)) throw new ScheduleError('must be a JSON object with "windows" and/or "restarts"');
  allowOnly(json, 'the file', ['dry_run', 'windows', 'restarts']);
  if (json.dry_run !== undefined && typeof json.dry_run !== 'boolean')
    throw new ScheduleError(`dry_run must be true or false, got ${JSON.stringify(json.dry_run)}`);
  for (const key of ['windows', 'restarts'] as const)
    if (json[key] !== undefined && !Array.isArray(json[key]))
      throw new ScheduleError(`${key} must be a list`);
  return {
    dryRun: json.dry_run === true,
    windows: ((json.windows as unknown[] | undefined) ?? []).map(windowOf),
    restarts: ((json.restarts as unknown[] | undefined) ?? []).map(restartOf),
  };
}

/** Reads and checks a schedule file; errors name the file. */
export function readSchedule(file: string): Schedule {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScheduleError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    return parseSchedule(text);
  } catch (error) {
    if (error instanceof ScheduleError) throw new ScheduleError(`${file}: ${error.message}`);
    throw error;
  }
}

/** "HH:MM" of seconds after midnight, as the file writes it. */
export const clockText = (seconds: number): string =>
  `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}`;
