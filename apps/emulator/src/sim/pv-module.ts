/**
 * The DC operating point of one PV input (inverters.md §8.2 steps 5-6): a typical 108
 * half-cell module scaled to the input's peak power, with temperature coefficients, the
 * logarithmic low-light voltage and a linear I-V flank above the MPP for curtailment.
 */

const VOC_STC = 37.1;
const VMPP_RATIO = 0.83;
const NOCT_FACTOR = (45 - 20) / 800;

export interface OperatingPoint {
  voltage: number;
  current: number;
  power: number;
}

/** Cell temperature from ambient and plane-of-array irradiance (NOCT 45 °C). */
export const cellTemperature = (ambient: number, poa: number): number => ambient + poa * NOCT_FACTOR;

export interface InputLight {
  /** Module peak power at STC, W. */
  wp: number;
  /** W/m². */
  poa: number;
  /** °C. */
  cellTemp: number;
}

/** Open-circuit voltage: temperature-corrected, plus ~1.4 V per ln-unit of irradiance. */
export function openCircuitVoltage({ poa, cellTemp }: InputLight): number {
  if (poa <= 0) return 0;
  const voc = VOC_STC * (1 - 0.0027 * (cellTemp - 25)) + 1.4 * Math.log(Math.max(poa, 1) / 1000);
  return Math.max(0, voc);
}

/** The maximum power point (wiring and mismatch losses of 3 % included). */
export function maxPowerPoint(light: InputLight): OperatingPoint {
  const voc = openCircuitVoltage(light);
  if (voc <= 0 || light.wp <= 0) return { voltage: voc, current: 0, power: 0 };
  const power = Math.max(0, light.wp * (light.poa / 1000) * (1 - 0.0035 * (light.cellTemp - 25)) * 0.97);
  const voltage = VMPP_RATIO * voc;
  return { voltage, current: power / voltage, power };
}

/**
 * The point the inverter runs the input at when it may draw at most `maxPower` W and
 * `maxCurrent` A: on the I-V flank between the MPP and Voc, so a curtailed or clipped
 * input shows a higher voltage and a lower current, as real ones do.
 */
export function limitedPoint(light: InputLight, maxPower: number, maxCurrent: number): OperatingPoint {
  const mpp = maxPowerPoint(light);
  const voc = openCircuitVoltage(light);
  const allowed = Math.max(0, Math.min(mpp.power, maxPower, maxCurrent * mpp.voltage));
  if (mpp.power <= 0 || allowed >= mpp.power) return mpp;
  if (allowed <= 0) return { voltage: voc, current: 0, power: 0 };
  // On the flank V(I) = Voc - b·I with b = (Voc - Vmpp)/Impp; solve V·I = P for the high-V root.
  const slope = (voc - mpp.voltage) / mpp.current;
  const current = (voc - Math.sqrt(Math.max(0, voc * voc - 4 * slope * allowed))) / (2 * slope);
  return { voltage: voc - slope * current, current, power: allowed };
}
