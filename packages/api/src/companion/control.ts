/**
 * GET and POST /companion/api/control: the zero-export controller (issue 32). It reads a
 * grid meter and sets non-persistent absolute limits (limit_type 0) on the inverters the
 * owner chose, so the grid power stays near a target; off unless a meter is configured.
 */

/** How the meter is read: the three meters' own answers, any JSON over HTTP, or MQTT. */
export type ControlMeterKind = 'shelly-pro-3em' | 'shelly-3em' | 'tasmota' | 'http-json' | 'mqtt';

/**
 * What the controller does now, in the words of the state shown to the owner:
 * - `starting`: learning the limits the inverters have before anything is sent;
 * - `following`: the grid power is outside the band, limits are being sent;
 * - `in-band`: the grid power is inside the band around the target, nothing is sent;
 * - `waiting`: outside the band, but every inverter that could take a limit still waits
 *   for its last command's acknowledgement or for its interval;
 * - `fallback`: the meter's reading is stale or the meter fails: the fallback limits hold;
 * - `restoring`: paused or stopping, the limits from before are being sent back;
 * - `paused`: the inverters have their own limits back, nothing is sent.
 */
export type ControlState =
  'starting' | 'following' | 'in-band' | 'waiting' | 'fallback' | 'restoring' | 'paused';

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

export interface ControlAnswer {
  state: ControlState;
  paused: boolean;
  settings: {
    meter: { kind: ControlMeterKind; url: string; path: string | null; poll_s: number };
    target_w: number;
    band_w: number;
    interval_s: number;
    /** Serials, or every inverter the device has. */
    inverters: string[] | 'all';
    /** `before`: the limits from before control started; else a total in W. */
    fallback: 'before' | number;
  };
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

/** POST /companion/api/control: pause (the limits from before go back) or resume. */
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
