import type { DtuInverter } from '../sim/dtu-inverter';
import type { PhasePowers } from './grid-meter';

/**
 * What the inverters feed on each phase right now, W: the physical output, not what the
 * DTU last read (a meter measures the wire). Single-phase inverters hang on L1, L2, L3 in
 * turn, in the DTU's order; a three-phase HMT feeds a third on each.
 */
export function inverterPhases(inverters: readonly DtuInverter[]): PhasePowers {
  const phases: [number, number, number] = [0, 0, 0];
  let next = 0;
  for (const inverter of inverters) {
    const power = inverter.physical.ac.power;
    if (inverter.spec.family.acPhases === 3) {
      for (let i = 0; i < 3; i += 1) phases[i]! += power / 3;
    } else {
      phases[next % 3]! += power;
      next += 1;
    }
  }
  return phases;
}
