/**
 * The live-data wire format (contract §5.2): common and full inverter objects, `total`
 * and `hints`, built from the DTU's view of each inverter. Measured values are the
 * quantised statistics; calculated ones (sums, Efficiency, Irradiation) are computed here
 * as the firmware does, with float precision.
 */
import {
  FIELD_UNITS,
  type AcChannel,
  type ConfigInverter,
  type DcChannel,
  type InvChannel,
  type LiveHints,
  type LiveInverterCommon,
  type LiveInverterFull,
  type LiveTotal,
  type ValueObject,
} from '@opendtu/api';
import type { DtuInverter } from '../sim/dtu-inverter';

/** The device keeps floats as 32-bit values and prints about 7 significant digits. */
const f32 = (value: number): number => Number(Math.fround(value).toPrecision(7));

const ac = (field: keyof typeof FIELD_UNITS.AC, v: number): ValueObject => ({ v, ...FIELD_UNITS.AC[field] });
const dc = (field: keyof typeof FIELD_UNITS.DC, v: number): ValueObject => ({ v, ...FIELD_UNITS.DC[field] });
const inv = (field: keyof typeof FIELD_UNITS.INV, v: number): ValueObject => ({
  v,
  ...FIELD_UNITS.INV[field],
});

export interface InverterSums {
  acPower: number;
  dcPower: number;
  yieldDay: number;
  yieldTotal: number;
}

function dcYieldTotal(inverter: DtuInverter, slot: ConfigInverter, input: number): number {
  const offset = inverter.everReceived ? (slot.channel[input]?.yield_total_offset ?? 0) : 0;
  return f32((inverter.reading.dc[input]?.yieldTotal ?? 0) + offset);
}

/** The INV sums of one inverter (also used for `total`, MQTT and Prometheus). */
export function sumsOf(inverter: DtuInverter, slot: ConfigInverter): InverterSums {
  let dcPower = 0;
  let yieldDay = 0;
  let yieldTotal = 0;
  inverter.reading.dc.forEach((channel, i) => {
    dcPower += channel.power;
    yieldDay += inverter.yieldDay(i);
    yieldTotal += dcYieldTotal(inverter, slot, i);
  });
  return { acPower: inverter.reading.ac.power, dcPower: f32(dcPower), yieldDay, yieldTotal: f32(yieldTotal) };
}

export function commonObject(
  inverter: DtuInverter,
  slot: ConfigInverter,
  uptimeMs: number,
): LiveInverterCommon {
  const ageMs = Math.max(0, Math.floor(uptimeMs - (inverter.lastStatsUptime ?? 0)));
  const maxPower = inverter.maxPower;
  return {
    serial: inverter.serialText,
    name: slot.name,
    order: slot.order,
    data_age: Math.floor(ageMs / 1000),
    data_age_ms: ageMs,
    poll_enabled: inverter.pollEnabled,
    reachable: inverter.reachable(slot.reachable_threshold),
    producing: inverter.pollEnabled && inverter.reading.ac.power > 0,
    limit_relative: f32(inverter.limitRelative),
    limit_absolute: maxPower > 0 ? f32((inverter.limitRelative * maxPower) / 100) : -1,
    radio_stats: { ...inverter.radio.stats },
  };
}

export function fullObject(inverter: DtuInverter, slot: ConfigInverter, uptimeMs: number): LiveInverterFull {
  const { reading } = inverter;
  const sums = sumsOf(inverter, slot);
  const acChannel: AcChannel = {
    Power: ac('Power', reading.ac.power),
    Voltage: ac('Voltage', reading.ac.voltage),
    Current: ac('Current', reading.ac.current),
    Frequency: ac('Frequency', reading.ac.frequency),
    PowerFactor: ac('PowerFactor', reading.ac.powerFactor),
    ReactivePower: ac('ReactivePower', reading.ac.reactivePower),
  };
  const dcChannels: Record<string, DcChannel> = {};
  reading.dc.forEach((channel, i) => {
    const max = slot.channel[i]?.max_power ?? 0;
    const entry: DcChannel = {
      name: { u: slot.channel[i]?.name ?? '' },
      Power: dc('Power', channel.power),
      Voltage: dc('Voltage', channel.voltage),
      Current: dc('Current', channel.current),
      YieldDay: dc('YieldDay', inverter.yieldDay(i)),
      YieldTotal: dc('YieldTotal', dcYieldTotal(inverter, slot, i)),
    };
    if (max > 0) entry.Irradiation = { ...dc('Irradiation', f32((channel.power / max) * 100)), max };
    dcChannels[String(i)] = entry;
  });
  const invChannel: InvChannel = {
    'Power DC': inv('Power DC', sums.dcPower),
    YieldDay: inv('YieldDay', sums.yieldDay),
    YieldTotal: inv('YieldTotal', sums.yieldTotal),
    Temperature: inv('Temperature', reading.temperature),
    Efficiency: inv('Efficiency', sums.dcPower > 0 ? f32((reading.ac.power / sums.dcPower) * 100) : 0),
  };
  return {
    ...commonObject(inverter, slot, uptimeMs),
    AC: { '0': acChannel },
    DC: dcChannels,
    INV: { '0': invChannel },
    events: inverter.eventBuffer.length,
  };
}

/** `total`: power of inverters polling now, yields of those configured to poll. */
export function totalObject(entries: readonly { inverter: DtuInverter; slot: ConfigInverter }[]): LiveTotal {
  let power = 0;
  let yieldDay = 0;
  let yieldTotal = 0;
  let powerContributes = false;
  let yieldContributes = false;
  for (const { inverter, slot } of entries) {
    const sums = sumsOf(inverter, slot);
    if (inverter.pollEnabled) {
      power += sums.acPower;
      powerContributes = true;
    }
    if (slot.poll_enable) {
      yieldDay += sums.yieldDay;
      yieldTotal += sums.yieldTotal;
      yieldContributes = true;
    }
  }
  return {
    Power: { v: f32(power), u: 'W', d: powerContributes ? 1 : 0 },
    YieldDay: { v: yieldDay, u: 'Wh', d: 0 },
    YieldTotal: { v: f32(yieldTotal), u: 'kWh', d: yieldContributes ? 3 : 0 },
  };
}

export interface HintInputs {
  timeValid: boolean;
  radios: {
    nrf: { configured: boolean; connected: boolean; pvariant: boolean };
    cmt: { configured: boolean; connected: boolean };
  };
  password: string;
}

export function hintsObject({ timeValid, radios, password }: HintInputs): LiveHints {
  return {
    time_sync: !timeValid,
    radio_problem:
      (radios.nrf.configured && (!radios.nrf.connected || !radios.nrf.pvariant)) ||
      (radios.cmt.configured && !radios.cmt.connected),
    default_password: password === 'openDTU42',
    // The device (a generic build, as the emulator reports itself) raises this when no
    // profile is selected, which leaves it without radio pins. The emulator's board when
    // none matches is its own wired one, so here the pins in effect decide: no radio has
    // a valid pin set.
    pin_mapping_issue: !radios.nrf.configured && !radios.cmt.configured,
  };
}
