/** Inverter config slots (`INV_MAX_COUNT`). */
export const INV_MAX_COUNT = 10;
/** DC channel slots per inverter; a family uses 1, 2, 4 or 6 of them. */
export const INV_MAX_CHAN_COUNT = 6;
export const INVERTER_NAME_MAX_LENGTH = 31;

/** One DC input's settings. */
export interface InverterChannelConfig {
  name: string;
  /** Module peak power in W; 0 = not set (no `Irradiation` in live data). */
  max_power: number;
  /** kWh added to the reported YieldTotal. */
  yield_total_offset: number;
}

/** Per-inverter flags shared by the list and the edit request. */
export interface InverterFlags {
  poll_enable: boolean;
  poll_enable_night: boolean;
  command_enable: boolean;
  command_enable_night: boolean;
  /** Consecutive failed requests before the inverter counts as unreachable. */
  reachable_threshold: number;
  zero_runtime: boolean;
  zero_day: boolean;
  clear_eventlog: boolean;
  yieldday_correction: boolean;
}

/** One entry of GET /api/inverter/list (contract §4.5). */
export interface InverterListEntry extends InverterFlags {
  /** Config slot 0..9; a number on the wire. */
  id: number;
  name: string;
  order: number;
  serial: string;
  /** Family `type` string, or "Unknown". */
  type: string;
  /** One per DC input of the family; 6 for "Unknown". */
  channel: InverterChannelConfig[];
}

export interface InverterListResponse {
  inverter: InverterListEntry[];
}

/** POST /api/inverter/add (contract §4.6). */
export interface InverterAddRequest {
  serial: string;
  name: string;
}

/**
 * POST /api/inverter/edit (contract §4.7). Missing flags are reset to their defaults by
 * the device, so a client should send all of them; missing channel fields become 0/"".
 */
export interface InverterEditRequest extends Partial<InverterFlags> {
  id: number;
  serial: string;
  name: string;
  channel: Partial<InverterChannelConfig>[];
}

/** POST /api/inverter/del (contract §4.8). */
export interface InverterDeleteRequest {
  id: number;
}

/**
 * POST /api/inverter/order (contract §4.9): slot ids in display order. The device reads
 * numeric strings as numbers, and the reference web app sends strings.
 */
export interface InverterOrderRequest {
  order: (number | string)[];
}

/** Flag values the device applies when an edit request leaves them out. */
export const INVERTER_FLAG_DEFAULTS: Readonly<InverterFlags> = {
  poll_enable: true,
  poll_enable_night: true,
  command_enable: true,
  command_enable_night: true,
  reachable_threshold: 2,
  zero_runtime: false,
  zero_day: false,
  clear_eventlog: false,
  yieldday_correction: false,
};
