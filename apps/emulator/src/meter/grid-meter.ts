/**
 * The grid meter at the house connection [rec]: per phase, what the house draws minus
 * what the inverters feed (positive = import from the grid, negative = export), with
 * voltage, current, apparent power and power factor derived from those flows, and energy
 * counters that integrate the readings over the simulated clock.
 */
import type { Household } from '../sim/household';
import { perPhase } from '../sim/household';
import { between, createRandom, seedOf } from '../sim/random';

/** Active power (W) per phase L1, L2, L3. */
export type PhasePowers = readonly [number, number, number];

export interface MeterSources {
  /** The simulated clock, epoch ms. */
  now(): number;
  /** The house; without one the meter sees only the inverters (pure export). */
  household: Household | undefined;
  /** The inverters' AC output per phase at the present, W. */
  inverters(): PhasePowers;
  /** Seconds east of UTC (the meters that show a local time use it). */
  utcOffsetS(t: number): number;
  /** Seeds the meter's own quirks: voltages and its counters' starting values. */
  seed: number;
  /** Simulated ms per real ms (`--speed`): a fast clock reads seldom in simulated time. */
  speed?: number;
}

export interface PhaseReading {
  voltage: number;
  /** A, always positive. */
  current: number;
  /** W, positive = import. */
  activePower: number;
  /** VA. */
  apparentPower: number;
  /** |P| / S, 0 with no flow. */
  powerFactor: number;
  frequency: number;
  /** Wh drawn from and fed into the grid on this phase since the meter was installed. */
  importedWh: number;
  exportedWh: number;
}

export interface MeterReading {
  /** Epoch ms of the reading. */
  at: number;
  utcOffsetS: number;
  phases: readonly [PhaseReading, PhaseReading, PhaseReading];
  activePower: number;
  apparentPower: number;
  current: number;
  /** Wh over the phases' sum (what a billing meter counts: phases netted). */
  importedWh: number;
  exportedWh: number;
}

/**
 * A gap longer than this (the clock was set ahead) is not counted with a stale reading:
 * 5 simulated minutes, or 3 real seconds of a fast clock.
 */
const MAX_GAP_MS = 300_000;
const MAX_GAP_REAL_MS = 3000;

export class GridMeter {
  private readonly voltageOffsets: number[];
  private readonly phaseImportWh: number[];
  private readonly phaseExportWh: number[];
  private importWh: number;
  private exportWh: number;
  private last: { at: number; active: number[] } | undefined;

  constructor(private readonly sources: MeterSources) {
    const random = createRandom(seedOf('meter', sources.seed));
    this.voltageOffsets = [0, 1, 2].map(() => between(random, -2.5, 2.5));
    this.importWh = between(random, 2e6, 6e6);
    this.exportWh = between(random, 1e5, 8e5);
    // Per phase, a household imports more in sum than netted: one phase feeds while another draws.
    this.phaseImportWh = [0, 1, 2].map(() => (this.importWh / 3) * between(random, 1.05, 1.2));
    this.phaseExportWh = [0, 1, 2].map(() => (this.exportWh / 3) * between(random, 1.05, 1.2));
  }

  /** The meter's reading at the present of the simulated clock. */
  read(): MeterReading {
    const at = this.sources.now();
    const draws = this.sources.household?.activity(at) ?? [];
    const house = perPhase(draws);
    const fed = this.sources.inverters();
    const active = [0, 1, 2].map((i) => (house.active[i] ?? 0) - (fed[i] ?? 0));
    this.count(at, active);
    const frequency = 50 + 0.02 * Math.sin((2 * Math.PI * at) / 420_000);
    const phases = active.map((power, i) => {
      const reactive = house.reactive[i] ?? 0;
      const apparentPower = Math.hypot(power, reactive);
      // The voltage sags with import and rises with export, over a slow wander of the grid.
      const wander = 1.5 * Math.sin((2 * Math.PI * at) / 1_380_000 + i * 2.1);
      const voltage = 230 + (this.voltageOffsets[i] ?? 0) + wander - 0.0015 * power;
      return {
        voltage,
        current: apparentPower / voltage,
        activePower: power,
        apparentPower,
        powerFactor: apparentPower > 0 ? Math.abs(power) / apparentPower : 0,
        frequency,
        importedWh: this.phaseImportWh[i] ?? 0,
        exportedWh: this.phaseExportWh[i] ?? 0,
      };
    }) as unknown as MeterReading['phases'];
    return {
      at,
      utcOffsetS: this.sources.utcOffsetS(at),
      phases,
      activePower: phases.reduce((sum, p) => sum + p.activePower, 0),
      apparentPower: phases.reduce((sum, p) => sum + p.apparentPower, 0),
      current: phases.reduce((sum, p) => sum + p.current, 0),
      importedWh: this.importWh,
      exportedWh: this.exportWh,
    };
  }

  // Each reading's power holds until the next one; a tick reads at least once a second.
  private count(at: number, active: number[]): void {
    const last = this.last;
    this.last = { at, active };
    if (!last || at <= last.at) return;
    const maxGap = Math.max(MAX_GAP_MS, MAX_GAP_REAL_MS * (this.sources.speed ?? 1));
    const hours = Math.min(maxGap, at - last.at) / 3_600_000;
    last.active.forEach((power, i) => {
      if (power > 0) this.phaseImportWh[i] = (this.phaseImportWh[i] ?? 0) + power * hours;
      else this.phaseExportWh[i] = (this.phaseExportWh[i] ?? 0) - power * hours;
    });
    const net = last.active.reduce((sum, power) => sum + power, 0);
    if (net > 0) this.importWh += net * hours;
    else this.exportWh -= net * hours;
  }
}
