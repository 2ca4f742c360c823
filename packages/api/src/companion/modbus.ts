/**
 * GET /companion/api/modbus and POST /companion/api/modbus/phase: the SunSpec Modbus TCP
 * server (issue 44). Off until the companion is started with `--modbus [host:]port`; then
 * the whole plant answers at unit id 126 as one inverter and each inverter at a unit id of
 * its own, kept per serial in the data folder (modbus-units.json), so that reordering,
 * renaming or adding inverters never moves one. Read-only unless `--modbus-write on`.
 */

/** The unit id at which the whole plant (every device, every inverter) answers. */
export const MODBUS_PLANT_UNIT = 126;

/** The grid phase a single-phase inverter feeds; a three-phase one feeds all three. */
export type ModbusPhase = 'L1' | 'L2' | 'L3';

/**
 * SunSpec's operating state (`St` of models 101 and 103) in words:
 * - `off`: night (the DTU polls no more), the inverter does not answer, or its owner
 *   switched it off;
 * - `sleeping`: it answers but produces nothing;
 * - `producing`: it produces at its full limit (SunSpec's MPPT);
 * - `throttled`: it produces, limited below 100 %;
 * - `fault`: it produces nothing while its event log holds an entry that is not over (a grid
 *   fault, an input fault);
 * - `unknown`: the DTU that holds it cannot be reached: "not implemented" on the wire.
 */
export type ModbusState = 'off' | 'sleeping' | 'producing' | 'throttled' | 'fault' | 'unknown';

/** The limit a Modbus client asked for through model 123, while it holds. */
export interface ModbusLimit {
  /** `WMaxLimPct`: % of the unit's rated power (`WRtg`). */
  percent: number;
  /** The watts that makes (the plant's are split over its inverters by rated power). */
  watts: number;
  /** Seconds until it ends unless the client asks again (`WMaxLimPct_RvrtTms`); null: until released. */
  revert_in_s: number | null;
}

/** One unit id and what answers there. */
export interface ModbusUnit {
  unit: number;
  kind: 'plant' | 'inverter';
  /** The device (its name, `dtu` for a single device) that holds the inverter; null for the plant. */
  device: string | null;
  /** The inverter's serial (hex); null for the plant. */
  serial: string | null;
  name: string;
  /** The SunSpec inverter model it shows: 101 single phase, 103 three phase (the plant: 103). */
  model: 101 | 103;
  /** The phase a single-phase inverter feeds (the owner sets it; L1 by default); null: three phases. */
  phase: ModbusPhase | null;
  /** Rated power (`WRtg`), W; null until the device told it. */
  rated_w: number | null;
  /** `W` as a client reads it now; null: not implemented (not known). */
  power_w: number | null;
  /** `WH` as a client reads it now (never falls); null: not known yet. */
  energy_wh: number | null;
  state: ModbusState;
  /** The Modbus limit holding now; null: none (the owner's own limit holds). */
  limit: ModbusLimit | null;
  /** Whether a device lists the inverter now (false: kept in the map for when it is back). */
  present: boolean;
}

export interface ModbusAnswer {
  /** Whether the companion was started with `--modbus`. */
  enabled: boolean;
  /** Where clients connect, as `host:port`; null while off. */
  listen: string | null;
  /** Whether clients may write limits (`--modbus-write on`). */
  writes: boolean;
  /** Clients connected now. */
  clients: number;
  /** The address of the `SunS` marker (40000), where the model chain starts. */
  base_address: number;
  /** The plant first, then every inverter by unit id. */
  units: ModbusUnit[];
}

/** POST /companion/api/modbus/phase (admin): the phase a single-phase inverter feeds. */
export interface ModbusPhaseRequest {
  serial: string;
  phase: ModbusPhase;
}
