/**
 * GET and POST /companion/api/control: the zero-export controller (issue 32). It reads a
 * grid meter and sets non-persistent absolute limits (limit_type 0) on the inverters the
 * owner chose, so the grid power stays near a target. Off until it is turned on, by the
 * --control-* options or by the settings saved in the app (POST
 * /companion/api/control/settings, kept in control.json in the data folder, which then
 * stands in for the options).
 */

/** How the meter is read: the three meters' own answers, any JSON over HTTP, or MQTT. */
export type ControlMeterKind = 'shelly-pro-3em' | 'shelly-3em' | 'tasmota' | 'http-json' | 'mqtt';

/**
 * What the controller does now, in the words of the state shown to the owner:
 * - `starting`: learning the limits the inverters have before anything is sent;
 * - `following`: the grid power is outside the band, limits are being sent;
 * - `in-band`: the grid power is inside the band around the target, nothing is sent;
 * - `waiting`: outside the band, but every inverter that could take a limit still waits
 *   for its last command's acknowledgement or for its interval, or the limits just sent,
 *   once they show on the meter, will bring it inside;
 * - `fallback`: the meter's reading is stale or the meter fails: the fallback limits hold;
 * - `restoring`: paused or stopping, the limits from before are being sent back;
 * - `paused`: the inverters have their own limits back, nothing is sent;
 * - `maxed`: the house takes more than the target, but the inverters already give all the
 *   light allows (or their rating): nothing more to send, the rest comes from the grid;
 * - `holding`: the house takes more than the target, but a load has been switching on and
 *   off (a hob's or an oven's thermostat, a washing machine's drum): what it adds when it
 *   switches on waits `hold_s` before a raise covers it, so its switching off is not fed
 *   into the grid; the rest of the import is covered, limits that come down are not held;
 *   never while the settings' `wait_out_switching` is off;
 * - `idle`: no controlled inverter produces (night, or none can be reached): nothing to
 *   control until one does;
 * - `off`: zero export is turned off (no meter set, or switched off in the app): no
 *   controller runs and every inverter keeps its own limit.
 */
export type ControlState =
  | 'starting'
  | 'following'
  | 'in-band'
  | 'waiting'
  | 'fallback'
  | 'restoring'
  | 'paused'
  | 'maxed'
  | 'holding'
  | 'idle'
  | 'off';

/** The acknowledgement of a limit sent: `timeout` is none within 30 s. */
export type ControlCommandStatus = 'pending' | 'ok' | 'failure' | 'timeout';

export interface ControlCommand {
  serial: string;
  /** W, absolute and non-persistent (limit_type 0). */
  limit_w: number;
  /** ISO 8601, this machine's clock. */
  sent: string;
  status: ControlCommandStatus;
  /** Why it was sent. */
  reason: 'control' | 'fallback' | 'restore';
}

export interface ControlInverter {
  serial: string;
  /** Rated power, W (`max_power` of /api/limit/status). */
  max_power: number;
  /** The limit it had when control started (W), given back on pause and stop. */
  before_w: number;
  /** Reachable and producing: it takes a share. */
  available: boolean;
  /** AC output of the latest live data, W; null before any. */
  output_w: number | null;
  last: ControlCommand | null;
}

/**
 * The controller's settings as a whole: what GET shows and POST /companion/api/control/settings
 * takes. `meter.url` is the meter's address as the owner gives it, with its user and password
 * if it needs them (GET shows the password as `****`):
 * - `shelly-pro-3em`, `shelly-3em`, `tasmota`: the meter's own address (http://192.168.1.60),
 *   the companion knows where it answers; `path` is null, or for `tasmota` the SML value
 *   (`SML.Power_curr`, the default);
 * - `http-json`: the whole URL that answers JSON, `path` the dot path to the power in it;
 * - `mqtt`: mqtt:// or mqtts:// with the topic as the path (mqtt://host:1883/meter/power),
 *   `path` the dot path in the message, or null when the message is the number itself.
 * Without a meter (nothing configured yet) `url` is empty.
 */
export interface ControlSettingsBody {
  /** Zero export on: a controller runs (it needs a meter); off: every inverter keeps its own limit. */
  enabled: boolean;
  meter: { kind: ControlMeterKind; url: string; path: string | null };
  /** W, positive is import. */
  target_w: number;
  /** W either side of the target in which nothing is sent. */
  band_w: number;
  /** Seconds between two limits to one inverter, at least. */
  interval_s: number;
  /** Seconds between meter readings. */
  poll_s: number;
  /** Serials (12 hex digits), or every inverter the device has. */
  inverters: string[] | 'all';
  /** `before`: the limits from before control started; else a total in W. */
  fallback: 'before' | number;
  /**
   * On (the default): a load that switches on and off (a hob's or an oven's thermostat) is
   * waited out before a raise covers it (state `holding`): less is exported, more imported
   * while such a load runs. Off: every import beyond the band is covered at once, for an
   * owner who runs zero export for self-consumption rather than because feeding in is not
   * allowed. A control.json saved without it reads as on.
   */
  wait_out_switching: boolean;
}

/**
 * The bounds of every setting: the options', the save's and the screen's. `interval_s`'s
 * least is the controller's own (an inverter needs seconds to take a limit).
 */
export const CONTROL_LIMITS = {
  target_w: { min: -10_000, max: 10_000 },
  band_w: { min: 0, max: 1000 },
  interval_s: { min: 5, max: 3600 },
  poll_s: { min: 0.5, max: 60 },
  fallback_w: { min: 0, max: 100_000 },
} as const;

/** The meters the settings name, in the order the screen offers them. */
export const CONTROL_METER_KINDS: readonly ControlMeterKind[] = [
  'shelly-pro-3em',
  'shelly-3em',
  'tasmota',
  'http-json',
  'mqtt',
];

/**
 * GET /companion/api/control: answers also while control is off (state `off`, `paused`
 * false, no meter reading, no inverters, no commands), so the screen can show the settings
 * to turn it on.
 */
export interface ControlAnswer {
  state: ControlState;
  paused: boolean;
  /**
   * Seconds (the device's) what a load adds as it switches on (500 W or more) must last
   * before a raise covers it: the guard against loads that switch on and off, learnt from
   * the house (0: at once; it grows while raises covering such a load are followed by export
   * within two minutes, up to 120, and shrinks when such a raise holds and every five quiet
   * minutes). Always 0 while the settings'
   * `wait_out_switching` is off.
   */
  hold_s: number;
  /**
   * What a schedule window (--schedule) asks of the controller now: `off` (state `paused`
   * without the owner's pause: paused by a schedule) or another target than the settings'.
   */
  schedule?: { off: boolean; target_w: number | null };
  settings: ControlSettingsBody;
  /**
   * Where the settings come from: `options` (the command line, environment or config file:
   * --control-*; also when nothing is set) until the admin saves them here, then `saved`
   * (control.json in the data folder), which the options no longer change.
   */
  source: 'options' | 'saved';
  meter: {
    /** W, positive for import; null before the first reading. */
    power_w: number | null;
    /** When the last reading arrived (ISO 8601); null before the first. */
    at: string | null;
    stale: boolean;
    /** Why the last attempt to read failed; null when it did not. */
    error: string | null;
  };
  inverters: ControlInverter[];
  /** The latest commands, newest first (at most 50). */
  commands: ControlCommand[];
}

/**
 * POST /companion/api/control: pause (the limits from before go back) or resume; 409 while
 * control is off.
 *
 * POST /companion/api/control/settings (ControlSettingsBody, admin) answers an `ApiResponse`:
 * 200 `success` once the settings are saved and in place, or 400 `warning` whose message
 * gives the reason (the field; a password masked), and nothing is changed. A meter URL sent
 * back as GET masked it keeps its saved password. A save stops a running controller first
 * (every inverter gets its limit from before, confirmed), then starts one with the new
 * settings when `enabled`, not paused, under whatever a schedule window asks now.
 */
export interface ControlRequest {
  paused: boolean;
}

/**
 * One minute of GET /companion/api/control/day: its start on the device's clock (epoch ms,
 * as the recorder's points of /companion/api/power, so both draw on the same day), the
 * meter's mean power in it (W; null without a fresh reading) and the sum of the limits the
 * controller holds its inverters at by the minute's end (W; null before it knows them).
 */
export type ControlMinute = [t: number, meter_w: number | null, limits_w: number | null];

/**
 * GET /companion/api/control/day: the controller's last 24 hours, a minute a point, oldest
 * first. Kept in memory only: a restart of the companion starts it afresh.
 */
export interface ControlDayAnswer {
  columns: ['t', 'meter_w', 'limits_w'];
  points: ControlMinute[];
}

/**
 * GET /companion/api/schedule: the schedule file (`--schedule`) as the companion read it,
 * what holds now on the device's clock, and what it sent (or, in a dry run, would have).
 */
export type ScheduleWeekday = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

/** One window, in the file's own keys: exactly one of limit_w, limit_percent, control. */
export interface ScheduleWindowEntry {
  index: number;
  name: string | null;
  days: ScheduleWeekday[];
  /** "HH:MM" on the device's clock; `to` before `from` ends the next day. */
  from: string;
  to: string;
  limit_w?: number;
  limit_percent?: number;
  /** With a limit: serials, or every inverter. */
  inverters?: string[] | 'all';
  control?: 'on' | 'off';
  target_w?: number;
  /** It holds now (it may still lose to another window, see the overlap rule). */
  holding: boolean;
}

export interface ScheduleRestartEntry {
  index: number;
  days: ScheduleWeekday[];
  at: string;
  inverters: string[] | 'all';
}

/** The acknowledgement of what was sent; `dry-run`: nothing was sent. */
export type ScheduleActionStatus = 'pending' | 'ok' | 'failure' | 'timeout' | 'sent' | 'dry-run';

export interface ScheduleAction {
  /** ISO 8601, this machine's clock. */
  at: string;
  /** The device's local time it was due, "YYYY-MM-DD HH:MM:SS". */
  device_time: string;
  /** limit: a window's limit; restore: the limit from before, at a window's end; control: the controller's mode. */
  kind: 'limit' | 'restore' | 'restart' | 'control';
  serial: string | null;
  /** The limit sent (non-persistent: limit_type 0 for W, 1 for %). */
  limit: { value: number; unit: 'W' | '%' } | null;
  /** With kind control. */
  control: { on: boolean; target_w: number | null } | null;
  /** The window or restart entry (index in the file) it comes from; null: a restore after the window's end. */
  entry: number | null;
  status: ScheduleActionStatus;
}

export interface ScheduleAnswer {
  dry_run: boolean;
  /** The device's local time now; null until its clock is known. */
  device_time: string | null;
  /** The device's POSIX TZ string. */
  timezone: string;
  windows: ScheduleWindowEntry[];
  restarts: ScheduleRestartEntry[];
  /** What the schedule asks of the controller now; null without a controller. */
  control: { window: number | null; on: boolean; target_w: number | null } | null;
  /** The inverters holding a window's limit now (or getting their own back). */
  limits: {
    serial: string;
    limit: { value: number; unit: 'W' | '%' } | null;
    window: number | null;
    /** %, as /api/limit/status told it before the window; given back at its end. */
    before_percent: number;
    status: ScheduleActionStatus;
  }[];
  /** The latest actions, newest first (at most 50). */
  actions: ScheduleAction[];
}
