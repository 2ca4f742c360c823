/** A measured or computed value: `v` raw (not rounded), `u` unit, `d` decimals to show. */
export interface ValueObject {
  v: number;
  u: string;
  d: number;
}

/** DC `Irradiation` also carries the channel's configured module power. */
export interface IrradiationValue extends ValueObject {
  /** W. */
  max: number;
}

export type AcFieldName = 'Power' | 'Voltage' | 'Current' | 'Frequency' | 'PowerFactor' | 'ReactivePower';
export type DcFieldName = 'Power' | 'Voltage' | 'Current' | 'YieldDay' | 'YieldTotal' | 'Irradiation';
export type InvFieldName = 'Power DC' | 'YieldDay' | 'YieldTotal' | 'Temperature' | 'Efficiency';
export type ChannelType = 'AC' | 'DC' | 'INV';

/** The order the device writes fields of a channel in (only the present ones appear). */
export const FIELD_ORDER = [
  'Power',
  'Voltage',
  'Current',
  'Power DC',
  'YieldDay',
  'YieldTotal',
  'Frequency',
  'Temperature',
  'PowerFactor',
  'ReactivePower',
  'Efficiency',
  'Irradiation',
] as const;
export type FieldName = (typeof FIELD_ORDER)[number];

type FieldUnits<F extends string> = Readonly<Record<F, { readonly u: string; readonly d: number }>>;

/** Unit and digits of every field, per channel type (contract §5.2). */
export const FIELD_UNITS: {
  readonly AC: FieldUnits<AcFieldName>;
  readonly DC: FieldUnits<DcFieldName>;
  readonly INV: FieldUnits<InvFieldName>;
} = {
  AC: {
    Power: { u: 'W', d: 1 },
    Voltage: { u: 'V', d: 1 },
    Current: { u: 'A', d: 2 },
    Frequency: { u: 'Hz', d: 2 },
    PowerFactor: { u: '', d: 3 },
    ReactivePower: { u: 'var', d: 1 },
  },
  DC: {
    Power: { u: 'W', d: 1 },
    Voltage: { u: 'V', d: 1 },
    Current: { u: 'A', d: 2 },
    YieldDay: { u: 'Wh', d: 0 },
    YieldTotal: { u: 'kWh', d: 3 },
    Irradiation: { u: '%', d: 3 },
  },
  INV: {
    'Power DC': { u: 'W', d: 1 },
    YieldDay: { u: 'Wh', d: 0 },
    YieldTotal: { u: 'kWh', d: 3 },
    Temperature: { u: '°C', d: 1 },
    Efficiency: { u: '%', d: 3 },
  },
};

export type AcChannel = Partial<Record<AcFieldName, ValueObject>>;

export type DcChannel = Partial<Record<Exclude<DcFieldName, 'Irradiation'>, ValueObject>> & {
  /** Only `u`, holding the configured channel name. */
  name: { u: string };
  /** Present only when the channel's `max_power` > 0. */
  Irradiation?: IrradiationValue;
};

export type InvChannel = Partial<Record<InvFieldName, ValueObject>>;

export interface RadioStats {
  tx_request: number;
  tx_re_request: number;
  rx_success: number;
  rx_fail_nothing: number;
  rx_fail_partial: number;
  rx_fail_corrupt: number;
  /** dBm; -127 before the first packet; NRF radios only report -30 or -80. */
  rssi?: number;
}

/** The per-inverter fields every live-data answer has (contract §5.2). */
export interface LiveInverterCommon {
  serial: string;
  name: string;
  order: number;
  /** Whole seconds since the last statistics packet (uptime if none yet). */
  data_age: number;
  /** Absent before v25.4.2 (the web app's store fills it from `data_age`). */
  data_age_ms?: number;
  poll_enabled: boolean;
  reachable: boolean;
  producing: boolean;
  /** %, 0..100; 0 until the limit was first read. */
  limit_relative: number;
  /** W, or -1 while the model's max power is unknown. */
  limit_absolute: number;
  /** Absent before v24.9.22; `rssi` before v24.10.5. */
  radio_stats?: RadioStats;
}

/** One inverter with all its channels: `?inv=` answers and every WebSocket frame. */
export interface LiveInverterFull extends LiveInverterCommon {
  /** Keyed by channel number as text: "0". */
  AC: Record<string, AcChannel>;
  /** Keyed "0".."5". */
  DC: Record<string, DcChannel>;
  INV: Record<string, InvChannel>;
  /** Event-log entries held (0..15); -1 would mean the family has no event counter. */
  events: number;
}

export interface LiveTotal {
  Power: ValueObject;
  YieldDay: ValueObject;
  YieldTotal: ValueObject;
}

/** `true` means "show this warning". */
export interface LiveHints {
  /** True while the clock is NOT valid. */
  time_sync: boolean;
  radio_problem: boolean;
  default_password: boolean;
  /** Absent before v25.1.14. */
  pin_mapping_issue?: boolean;
}

/**
 * GET /api/livedata/status and `/livedata` frames. Without `inv` the inverters carry the
 * common fields only; with `inv`, and in every frame, exactly one full inverter.
 * Transiently (an inverter mid-edit without a config slot) an entry can be `{}`; see
 * `isLiveInverter`.
 */
export interface LiveDataResponse<T extends LiveInverterCommon = LiveInverterCommon> {
  inverters: T[];
  total: LiveTotal;
  hints: LiveHints;
}

/** GET /api/livedata/status?inv=... and one `/livedata` WebSocket frame. */
export type LiveDataFullResponse = LiveDataResponse<LiveInverterFull>;

/** Tells a real inverter entry from the transient `{}` the device may send. */
export function isLiveInverter(entry: unknown): entry is LiveInverterCommon {
  return (
    typeof entry === 'object' && entry !== null && typeof (entry as { serial?: unknown }).serial === 'string'
  );
}

/** Whether an entry carries channel data (came from `?inv=` or a WebSocket frame). */
export function isLiveInverterFull(entry: LiveInverterCommon): entry is LiveInverterFull {
  return 'AC' in entry && 'DC' in entry && 'INV' in entry;
}
