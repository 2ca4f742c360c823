/**
 * What the inverter's power stage does with the light on its inputs (inverters.md §6.4,
 * §8.2 steps 6-8): MPP tracking under the limit and the input-current clip, one voltage
 * per tracker on paired models, and the AC side (voltage, current, PF, reactive power)
 * for the power it feeds. Pure functions of the moment; the state lives in the inverter.
 */
import type { InverterSpec } from './catalog';
import { efficiencyAt, powerFactorAt, reactivePower } from './inverter-electrics';
import { limitedPoint, type InputLight, type OperatingPoint } from './pv-module';

export interface AcState {
  power: number;
  voltage: number;
  current: number;
  frequency: number;
  powerFactor: number;
  reactivePower: number;
}

export interface Conversion {
  dc: OperatingPoint[];
  acPower: number;
}

/**
 * The operating point of each input and the AC power when at most `acCap` W may be fed:
 * per input without PDL (each input gets cap / n), on the AC total with PDL (HMS-4T from
 * firmware 1.1.12). Curtailed inputs move up the I-V flank towards Voc. `noise` is
 * uniform in [-1, 1): the ±0.3 % spread of the efficiency.
 */
export function convert(spec: InverterSpec, lights: InputLight[], acCap: number, noise: number): Conversion {
  const nominal = spec.nominalPower;
  const maxCurrent = spec.maxInputCurrent;
  const available = lights.map((l) => limitedPoint(l, Number.POSITIVE_INFINITY, maxCurrent).power);
  const sum = available.reduce((a, b) => a + b, 0);
  // η follows the load the inverter will run at; fixing it first lets the DC side be
  // curtailed so that the AC power never exceeds the cap.
  const expectedAc = Math.min(acCap, sum * efficiencyAt(Math.min(1, (sum * 0.955) / nominal)));
  const eta = efficiencyAt(expectedAc / nominal) * (1 + 0.003 * noise);
  const pdl = spec.family.id === 'HMS_4CH' && spec.fwBuildVersion >= 10112;
  const allowed = available.map((p) => {
    if (pdl) return sum * eta > acCap ? (p * acCap) / (sum * eta) : p;
    return Math.min(p, acCap / lights.length / eta);
  });
  const dc = lights.map((light, i) => limitedPoint(light, allowed[i] ?? 0, maxCurrent));
  const dcPower = dc.reduce((a, p) => a + p.power, 0);
  return { dc, acPower: Math.min(acCap, dcPower * eta) };
}

/**
 * HM-4T/HERF-4T and HMT have one MPP tracker per pair of inputs: both show one voltage.
 * An input without any voltage (unplugged) shows its partner's, not half of it.
 */
export function sharePairVoltages(points: OperatingPoint[]): void {
  for (let i = 0; i + 1 < points.length; i += 2) {
    const a = points[i] as OperatingPoint;
    const b = points[i + 1] as OperatingPoint;
    const live = [a, b].filter((point) => point.voltage > 0);
    const voltage = live.reduce((sum, point) => sum + point.voltage, 0) / Math.max(1, live.length);
    for (const point of [a, b]) {
      point.current = voltage > 0 ? point.power / voltage : 0;
      point.voltage = voltage;
    }
  }
}

/**
 * The AC side for a fed power at a phase-to-neutral voltage. HMT reports the L1-L2 line
 * voltage as "Voltage"; its 4T reports the L1 current, its 6T the sum of the phases.
 * `pfNoise` is uniform in [-1, 1).
 */
export function acSide(
  spec: InverterSpec,
  power: number,
  phaseVoltage: number,
  frequency: number,
  pfNoise: number,
): AcState {
  const load = power / spec.nominalPower;
  const pf = power > 0 ? Math.min(1, powerFactorAt(load) + 0.001 * pfNoise) : 0;
  const threePhase = spec.family.acPhases === 3;
  const phaseCurrent = pf > 0 ? power / ((threePhase ? 3 : 1) * phaseVoltage * pf) : 0;
  return {
    power,
    voltage: threePhase ? phaseVoltage * Math.sqrt(3) : phaseVoltage,
    current: spec.family.id === 'HMT_6CH' ? phaseCurrent * 3 : phaseCurrent,
    frequency,
    powerFactor: pf,
    reactivePower: reactivePower(power, pf),
  };
}
