/** State of the last limit or power command sent to an inverter. */
export type SetStatus = 'Ok' | 'Failure' | 'Pending' | 'Unknown';

/** One inverter's entry of GET /api/limit/status (contract §9.1). */
export interface LimitStatus {
  /** %, capped at 100. */
  limit_relative: number;
  /** W; 0 while the model is unknown. */
  max_power: number;
  limit_set_status: SetStatus;
}

/** GET /api/limit/status: keyed by inverter serial (hex). */
export type LimitStatusMap = Record<string, LimitStatus>;

/** Relative/absolute is bit 0, persistence is bit 8; nothing else is accepted. */
export const LimitType = {
  AbsoluteNonPersistent: 0,
  RelativeNonPersistent: 1,
  AbsolutePersistent: 256,
  RelativePersistent: 257,
} as const;
export type LimitType = (typeof LimitType)[keyof typeof LimitType];

/** POST /api/limit/config (contract §9.2). */
export interface LimitConfigRequest {
  serial: string;
  /** % or W depending on `limit_type`. */
  limit_value: number;
  limit_type: LimitType;
}

/** Largest `limit_value` the device accepts; also the absolute maximum when the model is unknown. */
export const MAX_INVERTER_LIMIT = 2250;

export function limitTypeOf(relative: boolean, persistent: boolean): LimitType {
  return ((persistent ? 256 : 0) + (relative ? 1 : 0)) as LimitType;
}

export function isLimitType(value: unknown): value is LimitType {
  return value === 0 || value === 1 || value === 256 || value === 257;
}
