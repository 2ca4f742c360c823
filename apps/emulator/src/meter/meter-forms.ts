/**
 * The grid meter's reading in the shapes the meters owners have answer with (field names
 * and shapes from the makers' public API documentation; the values are ours):
 * - Shelly Pro 3EM (Gen2 RPC): `EM.GetStatus` and `EMData.GetStatus` of component id 0;
 * - Shelly 3EM (Gen1): `GET /status` with `emeters[]` and `total_power`;
 * - Tasmota reading a smart meter's optical port (SML script): `Status 10` -> `StatusSNS`.
 * Power is positive for import and negative for export in all three.
 */
import type { MeterReading } from './grid-meter';

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

const PHASE_KEYS = ['a', 'b', 'c'] as const;

/** `{ id: 0 }`, then each phase's values under its letter: `a_current`, `b_current`, ... */
function phaseBody(
  reading: MeterReading,
  values: (phase: MeterReading['phases'][number]) => Record<string, number>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { id: 0 };
  reading.phases.forEach((phase, i) => {
    for (const [name, value] of Object.entries(values(phase))) body[`${PHASE_KEYS[i]!}_${name}`] = value;
  });
  return body;
}

/** `EM.GetStatus?id=0` of a Shelly Pro 3EM in its three-phase profile. */
export function shellyEmStatus(reading: MeterReading): Record<string, unknown> {
  const body = phaseBody(reading, (phase) => ({
    current: round(phase.current, 3),
    voltage: round(phase.voltage, 1),
    act_power: round(phase.activePower, 1),
    aprt_power: round(phase.apparentPower, 1),
    pf: round(phase.powerFactor, 2),
    freq: round(phase.frequency, 1),
  }));
  // No neutral current transformer: the device reports null.
  body.n_current = null;
  body.total_current = round(reading.current, 3);
  body.total_act_power = round(reading.activePower, 3);
  body.total_aprt_power = round(reading.apparentPower, 3);
  body.user_calibrated_phase = [];
  return body;
}

/** `EMData.GetStatus?id=0`: the energy counters, Wh, per phase and in total. */
export function shellyEmDataStatus(reading: MeterReading): Record<string, unknown> {
  const body = phaseBody(reading, (phase) => ({
    total_act_energy: round(phase.importedWh, 2),
    total_act_ret_energy: round(phase.exportedWh, 2),
  }));
  body.total_act = round(
    reading.phases.reduce((sum, p) => sum + p.importedWh, 0),
    2,
  );
  body.total_act_ret = round(
    reading.phases.reduce((sum, p) => sum + p.exportedWh, 0),
    2,
  );
  return body;
}

/** Local wall-clock parts of a reading, as the meters print them. */
function localIso(reading: MeterReading): string {
  return new Date(reading.at + reading.utcOffsetS * 1000).toISOString().slice(0, 19);
}

/** `GET /status` of a Shelly 3EM (Gen1); `uptimeS` counts from the meter's start. */
export function shelly3emStatus(reading: MeterReading, uptimeS: number): Record<string, unknown> {
  return {
    time: localIso(reading).slice(11, 16),
    unixtime: Math.floor(reading.at / 1000),
    has_update: false,
    relays: [{ ison: false, has_timer: false, overpower: false, is_valid: true, source: 'input' }],
    emeters: reading.phases.map((phase) => ({
      power: round(phase.activePower, 2),
      pf: round(phase.powerFactor, 2),
      current: round(phase.current, 2),
      voltage: round(phase.voltage, 2),
      is_valid: true,
      total: round(phase.importedWh, 1),
      total_returned: round(phase.exportedWh, 1),
    })),
    total_power: round(reading.activePower, 2),
    emeter_n: { current: 0, ixsum: round(reading.current, 2), mismatch: false, is_valid: false },
    fs_mounted: true,
    update: { status: 'idle', has_update: false },
    uptime: Math.floor(uptimeS),
  };
}

/**
 * The sensor object of a Tasmota SML reader (`tele/.../SENSOR`, and `StatusSNS` of
 * `Status 10`). The meter's name and value names are set by the owner's script; these are
 * the ones of the common example (meter "SML": Total_in, Total_out in kWh, Power_curr in W).
 */
export function tasmotaSensor(reading: MeterReading): Record<string, unknown> {
  return {
    Time: localIso(reading),
    SML: {
      Total_in: round(reading.importedWh / 1000, 4),
      Total_out: round(reading.exportedWh / 1000, 4),
      Power_curr: Math.round(reading.activePower),
    },
  };
}
