/**
 * A statistics answer as the DTU stores it: the inverter's state quantised to the raw
 * encodings of the payload (inverters.md §2.1: voltages ÷10, currents ÷100, power ÷10,
 * frequency ÷100, power factor ÷1000, yields in whole Wh).
 */
import type { AcState, PhysicalInverter } from './inverter-physics';

export interface DcReading {
  voltage: number;
  current: number;
  power: number;
  /** Wh, as the inverter counts since its last power-up. */
  yieldDay: number;
  /** kWh, 1 Wh resolution. */
  yieldTotal: number;
}

export interface StatsReading {
  dc: DcReading[];
  ac: AcState;
  temperature: number;
  eventCounter: number;
}

const q = (value: number, divisor: number): number => Math.round(value * divisor) / divisor;

export function readStatistics(inverter: PhysicalInverter): StatsReading {
  return {
    dc: inverter.dc.map((point, i) => ({
      voltage: q(point.voltage, 10),
      current: q(point.current, 100),
      power: q(point.power, 10),
      yieldDay: Math.floor(inverter.yieldDayWh[i] ?? 0),
      yieldTotal: Math.floor(inverter.yieldTotalWh[i] ?? 0) / 1000,
    })),
    ac: {
      power: q(inverter.ac.power, 10),
      voltage: q(inverter.ac.voltage, 10),
      current: q(inverter.ac.current, 100),
      frequency: q(inverter.ac.frequency, 100),
      powerFactor: q(inverter.ac.powerFactor, 1000),
      reactivePower: q(inverter.ac.reactivePower, 10),
    },
    temperature: q(inverter.temperature, 10),
    eventCounter: inverter.eventCounter,
  };
}

/** What the DTU shows before any statistics arrived: the parser's zero-filled buffer. */
export function emptyReading(inputs: number): StatsReading {
  return {
    dc: Array.from({ length: inputs }, () => ({
      voltage: 0,
      current: 0,
      power: 0,
      yieldDay: 0,
      yieldTotal: 0,
    })),
    ac: { power: 0, voltage: 0, current: 0, frequency: 0, powerFactor: 0, reactivePower: 0 },
    temperature: 0,
    eventCounter: 0,
  };
}

/** zero_runtime: every runtime value to 0, yields kept (inverters.md §7.4). */
export function zeroRuntime(reading: StatsReading): void {
  for (const dc of reading.dc) Object.assign(dc, { voltage: 0, current: 0, power: 0 });
  Object.assign(reading.ac, {
    power: 0,
    voltage: 0,
    current: 0,
    frequency: 0,
    powerFactor: 0,
    reactivePower: 0,
  });
  reading.temperature = 0;
}
