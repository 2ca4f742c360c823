/**
 * What the recorder keeps of a live frame (contract §5.2): per inverter AC power, DC power
 * per string, yield day and total, reachable, producing, limit and temperature, stamped
 * with the time the data was read from the inverter (arrival minus `data_age_ms`, in the
 * device's time). Frames carry no time of their own.
 */
import { isLiveInverterFull, liveValue, readLiveInverters } from '@opendtu/api';

/** Strings (DC inputs) per inverter the store has room for: the largest Hoymiles has six. */
export const MAX_STRINGS = 6;

export interface Sample {
  serial: string;
  name: string;
  /** The strings' names, in input order. */
  strings: string[];
  /** Device time (epoch ms) the data was read from the inverter. */
  t: number;
  /** AC power (W). */
  ac: number | null;
  /** DC power per string (W). */
  dc: (number | null)[];
  /** Yield today (Wh) and lifetime (kWh), as the device reports them. */
  yieldDay: number | null;
  yieldTotal: number | null;
  /** Inverter temperature (°C) and limit (% of its rated power). */
  temperature: number | null;
  limit: number | null;
  reachable: boolean;
  producing: boolean;
}

const orNull = (v: number | undefined): number | null => v ?? null;

/**
 * The samples of one frame (any number of inverters), stamped with `deviceNow`, the
 * device's time when the frame arrived. The frame is read in the contract's one way
 * (`readLiveInverters`: older firmware's layout and age in seconds); inverters without
 * their channels (a list answer, not a frame) give nothing.
 */
export function samplesOf(frame: unknown, deviceNow: number): Sample[] {
  const samples: Sample[] = [];
  for (const inverter of readLiveInverters(frame)) {
    // A device's `null` in place of the channels would pass the contract's `in` test.
    if (!isLiveInverterFull(inverter) || !inverter.AC || !inverter.DC) continue;
    const strings = Object.keys(inverter.DC)
      .map(Number)
      .filter((index) => Number.isInteger(index) && index >= 0 && index < MAX_STRINGS)
      .sort((a, b) => a - b);
    const inv = inverter.INV?.['0'];
    samples.push({
      serial: inverter.serial,
      name: typeof inverter.name === 'string' ? inverter.name : inverter.serial,
      strings: strings.map((index) => {
        const name: unknown = inverter.DC[String(index)]?.name?.u;
        return typeof name === 'string' ? name : '';
      }),
      t: Math.round(deviceNow - inverter.data_age_ms),
      ac: orNull(liveValue(inverter.AC['0'], 'Power')),
      dc: strings.map((index) => orNull(liveValue(inverter.DC[String(index)], 'Power'))),
      yieldDay: orNull(liveValue(inv, 'YieldDay')),
      yieldTotal: orNull(liveValue(inv, 'YieldTotal')),
      temperature: orNull(liveValue(inv, 'Temperature')),
      limit: typeof inverter.limit_relative === 'number' ? inverter.limit_relative : null,
      reachable: inverter.reachable === true,
      producing: inverter.producing === true,
    });
  }
  return samples;
}

/** Whether two samples carry the same measurements (times aside). */
export function sameReading(a: Sample, b: Sample): boolean {
  return (
    a.ac === b.ac &&
    a.yieldDay === b.yieldDay &&
    a.yieldTotal === b.yieldTotal &&
    a.temperature === b.temperature &&
    a.limit === b.limit &&
    a.reachable === b.reachable &&
    a.producing === b.producing &&
    a.dc.length === b.dc.length &&
    a.dc.every((power, index) => power === b.dc[index])
  );
}
