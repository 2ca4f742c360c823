/**
 * What the recorder keeps of a live frame (contract §5.2): per inverter AC power, DC power
 * per string, yield day and total, reachable, producing, limit and temperature, stamped
 * with the time the data was read from the inverter (arrival minus `data_age_ms`, in the
 * device's time). Frames carry no time of their own.
 */

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

type ValueMap = Record<string, { v?: unknown; u?: unknown } | undefined>;

interface FrameInverter {
  serial?: unknown;
  name?: unknown;
  data_age?: unknown;
  data_age_ms?: unknown;
  reachable?: unknown;
  producing?: unknown;
  limit_relative?: unknown;
  AC?: Record<string, ValueMap>;
  DC?: Record<string, ValueMap>;
  INV?: Record<string, ValueMap>;
}

const value = (map: ValueMap | undefined, field: string): number | null => {
  const v = map?.[field]?.v;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** Milliseconds since the data was read; older firmware has only whole seconds. */
function dataAgeMs(inverter: FrameInverter): number {
  if (typeof inverter.data_age_ms === 'number') return inverter.data_age_ms;
  return typeof inverter.data_age === 'number' ? inverter.data_age * 1000 : 0;
}

/**
 * The samples of one frame (any number of inverters), stamped with `deviceNow`, the
 * device's time when the frame arrived. Inverters without their channels (a list
 * answer, not a frame) give nothing.
 */
export function samplesOf(frame: unknown, deviceNow: number): Sample[] {
  const inverters = (frame as { inverters?: unknown } | null)?.inverters;
  if (!Array.isArray(inverters)) return [];
  const samples: Sample[] = [];
  for (const inverter of inverters as FrameInverter[]) {
    if (typeof inverter?.serial !== 'string' || !inverter.AC || !inverter.DC) continue;
    const strings = Object.keys(inverter.DC)
      .map(Number)
      .filter((index) => Number.isInteger(index) && index >= 0 && index < MAX_STRINGS)
      .sort((a, b) => a - b);
    const inv = inverter.INV?.['0'];
    samples.push({
      serial: inverter.serial,
      name: typeof inverter.name === 'string' ? inverter.name : inverter.serial,
      strings: strings.map((index) => {
        const name = inverter.DC?.[String(index)]?.name?.u;
        return typeof name === 'string' ? name : '';
      }),
      t: Math.round(deviceNow - dataAgeMs(inverter)),
      ac: value(inverter.AC['0'], 'Power'),
      dc: strings.map((index) => value(inverter.DC?.[String(index)], 'Power')),
      yieldDay: value(inv, 'YieldDay'),
      yieldTotal: value(inv, 'YieldTotal'),
      temperature: value(inv, 'Temperature'),
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
