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

/**
 * What the inverters fed per phase since the last call, Wh, from their yield counters
 * (the physics' energy, the same the DTU reports): the meter's counters then hold the
 * inverters' energy exactly, however seldom it is read. An inverter new to the list (the
 * DTU rebooted, one added) or whose counter went back starts from its present value.
 */
export function fedEnergyTracker(inverters: () => readonly DtuInverter[]): () => PhasePowers {
  const last = new Map<number, number>();
  return () => {
    const phases: [number, number, number] = [0, 0, 0];
    const seen = new Set<number>();
    let next = 0;
    for (const inverter of inverters()) {
      const total = inverter.physical.yieldTotalWh.reduce((sum, wh) => sum + wh, 0);
      const before = last.get(inverter.serial);
      last.set(inverter.serial, total);
      seen.add(inverter.serial);
      const grown = before === undefined || total < before ? 0 : total - before;
      if (inverter.spec.family.acPhases === 3) {
        for (let i = 0; i < 3; i += 1) phases[i]! += grown / 3;
      } else {
        phases[next % 3]! += grown;
        next += 1;
      }
    }
    for (const serial of last.keys()) if (!seen.has(serial)) last.delete(serial);
    return phases;
  };
}
