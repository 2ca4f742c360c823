/**
 * One limit for inverters of several devices (issue 33): the plant page splits a total as
 * the group limit does (by rated power or equally, `splitWatts`), and the companion sends
 * each part to its device, as that device's firmware encodes the limit, through the
 * device's own path (so its rules and the alerts see it as any other command).
 */
import type { LimitStatus } from '../limit';

/** One inverter's part: W, or % when the request is relative. */
export interface PlantLimitPart {
  device: string;
  serial: string;
  value: number;
}

/** POST /companion/api/plant/limit (JSON), with the admin credentials of every device named. */
export interface PlantLimitRequest {
  relative: boolean;
  /** Kept by the inverter across restarts (wears its memory: for rare changes). */
  persistent: boolean;
  parts: PlantLimitPart[];
}

/** What a device answered to its part. */
export interface PlantLimitResult extends PlantLimitPart {
  /** The device took the command (it is then followed in the status below). */
  sent: boolean;
  /** The device's HTTP status; 0 when it did not answer. */
  status: number;
  /** The device's message, or why the part was not sent. */
  message: string;
}

export interface PlantLimitAnswer {
  results: PlantLimitResult[];
}

/** One inverter of GET /companion/api/plant/limit: its device's `/api/limit/status` entry. */
export interface PlantLimitEntry extends LimitStatus {
  device: string;
  serial: string;
}

/** GET /companion/api/plant/limit: every device's limit states; `lacking` the devices that did not answer. */
export interface PlantLimitStatusAnswer {
  inverters: PlantLimitEntry[];
  lacking: string[];
}
