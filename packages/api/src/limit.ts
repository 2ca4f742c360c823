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

/** POST /api/limit/config (contract §9.2). */
export interface LimitConfigRequest {
  serial: string;
  /** % or W depending on `limit_type`. */
  limit_value: number;
  /** See `limitTypeFor`. */
  limit_type: number;
}

/** Largest `limit_value` the device accepts; also the absolute maximum when the model is unknown. */
export const MAX_INVERTER_LIMIT = 2250;

/** How a release encodes persistence in `limit_type` (see `Capabilities.limitScheme`). */
export type LimitScheme = 'hm256' | 'index';

export interface LimitKind {
  /** W rather than %. */
  absolute: boolean;
  /** Kept by the inverter across its restarts. */
  persistent: boolean;
}

/**
 * The `limit_type` to send: relative adds 1 everywhere; persistent adds 256 up to
 * v25.5.10 (`hm256`: 0, 1, 256, 257) and 2 from v25.9.11 (`index`: 0..3).
 */
export function limitTypeFor(scheme: LimitScheme, { absolute, persistent }: LimitKind): number {
  return (persistent ? (scheme === 'index' ? 2 : 256) : 0) + (absolute ? 0 : 1);
}

/** What a `limit_type` means under a scheme; undefined for one the device refuses (5003). */
export function limitKindOf(scheme: LimitScheme, type: unknown): LimitKind | undefined {
  const kinds = [false, true].flatMap((persistent) =>
    [true, false].map((absolute) => ({ absolute, persistent })),
  );
  return kinds.find((kind) => limitTypeFor(scheme, kind) === type);
}
