/**
 * The grid meter at the house connection [rec]: per phase, what the house draws minus
 * what the inverters feed (positive = import from the grid, negative = export), with
 * voltage, current, apparent power and power factor derived from those flows, and energy
 * counters that integrate the flows over the simulated clock.
 *
 * The counters count what happened between two readings, not the reading held: the house
 * is a pure function of time, taken every simulated second in between, and what the
 * inverters fed is their own yield counters' growth (their physics' energy), shaped over
 * the interval by their power at both ends. So at any `--speed` the counters are the
 * house's and the inverters' energy, and beside them the meter keeps per local day what
 * the house used and the inverters fed (`truth()`, the emulator's own account for tests
 * that check a client's energy against it; issue 45).
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
  /**
   * The energy the inverters have fed per phase, Wh, each inverter's growth since the last
   * call (their yield counters); without it the power at both ends of an interval stands in.
   */
  fedSince?(): PhasePowers;
  /** Seconds east of UTC (the meters that show a local time use it). */
  utcOffsetS(t: number): number;
  /** Seeds the meter's own quirks: voltages and its counters' starting values. */
  seed: number;
  /** Simulated ms per real ms (`--speed`): a fast clock reads seldom in simulated time. */
  speed?: number;
  /** This machine's clock (tests may stop it). */
  realNow?: () => number;
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

/** The emulator's own account of a local day: what the house used, the inverters fed, the grid gave and took (Wh). */
export interface DayTruth {
  houseWh: number;
  fedWh: number;
  importWh: number;
  exportWh: number;
}

/**
 * A gap longer than the real time that passed allows (the clock was set ahead) is counted
 * only for its first stretch: 5 simulated minutes, or 3 real seconds of a fast clock beyond
 * the real time between the readings (a process that was starved of the CPU still lived
 * through all of it).
 */
const MAX_GAP_MS = 300_000;
const MAX_GAP_REAL_MS = 3000;
/** The house is taken this often between readings (simulated ms), at most this many times. */
const SUBSTEP_MS = 1000;
const MAX_SUBSTEPS = 4000;
/** Days of truth kept (a test reads yesterday and today). */
const KEPT_DAYS = 7;

/** The meter's energy counters (Wh): in all and per phase, L1 to L3. */
export interface MeterCounters {
  importWh: number;
  exportWh: number;
  phaseImportWh: number[];
  phaseExportWh: number[];
}

export class GridMeter {
  private readonly voltageOffsets: number[];
  private readonly phaseImportWh: number[];
  private readonly phaseExportWh: number[];
  private importWh: number;
  private exportWh: number;
  private last: { at: number; real: number; fed: PhasePowers } | undefined;
  private readonly days = new Map<string, DayTruth>();

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
    this.count(at, fed);
    const active = [0, 1, 2].map((i) => (house.active[i] ?? 0) - (fed[i] ?? 0));
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

  /** The energy counters as they stand (Wh), to be kept across a restart of the emulator. */
  counters(): MeterCounters {
    return {
      importWh: this.importWh,
      exportWh: this.exportWh,
      phaseImportWh: [...this.phaseImportWh],
      phaseExportWh: [...this.phaseExportWh],
    };
  }

  /** Goes on from counters kept by an earlier run (a meter's counters never start again by themselves). */
  restore(counters: MeterCounters): void {
    this.importWh = counters.importWh;
    this.exportWh = counters.exportWh;
    counters.phaseImportWh.forEach((wh, i) => (this.phaseImportWh[i] = wh));
    counters.phaseExportWh.forEach((wh, i) => (this.phaseExportWh[i] = wh));
  }

  /** A new meter in its place (issue 45's fault `meter-replaced`): every counter starts again at 0. */
  replace(): void {
    this.importWh = 0;
    this.exportWh = 0;
    this.phaseImportWh.fill(0);
    this.phaseExportWh.fill(0);
  }

  /** What the house used, the inverters fed and the grid gave and took, per local day (YYYY-MM-DD). */
  truth(): Record<string, DayTruth> {
    return Object.fromEntries(this.days);
  }

  private dayOf(t: number): DayTruth {
    const day = new Date(t + this.sources.utcOffsetS(t) * 1000).toISOString().slice(0, 10);
    let truth = this.days.get(day);
    if (!truth) {
      truth = { houseWh: 0, fedWh: 0, importWh: 0, exportWh: 0 };
      this.days.set(day, truth);
      if (this.days.size > KEPT_DAYS) this.days.delete(this.days.keys().next().value!);
    }
    return truth;
  }

  // Counts the interval since the last reading, a simulated second at a time.
  private count(at: number, fed: PhasePowers): void {
    const last = this.last;
    const fedWh = this.sources.fedSince?.();
    const real = (this.sources.realNow ?? Date.now)();
    this.last = { at, real, fed };
    if (!last || at <= last.at) return;
    // A clock set far ahead: only the gap's first stretch is counted (the rest was not lived).
    const maxGap = Math.max(MAX_GAP_MS, (real - last.real + MAX_GAP_REAL_MS) * (this.sources.speed ?? 1));
    const span = Math.min(at - last.at, maxGap);
    const share = span / (at - last.at);
    const steps = Math.min(MAX_SUBSTEPS, Math.ceil(span / SUBSTEP_MS));
    const stepMs = span / steps;
    const hours = stepMs / 3_600_000;
    // Each phase's feed over the interval: its energy (the yields' growth, else the
    // trapezoid of the power), shaped by the power at both ends.
    const shapes = [0, 1, 2].map((i) => {
      const from = last.fed[i] ?? 0;
      const to = fed[i] ?? 0;
      const weights = Array.from({ length: steps }, (_, k) => from + ((to - from) * (k + 0.5)) / steps);
      const total = weights.reduce((sum, w) => sum + w, 0);
      const energy = fedWh ? Math.max(0, fedWh[i] ?? 0) * share : ((from + to) / 2) * hours * steps;
      return weights.map((w) => (total > 0 ? (energy * w) / total : energy / steps));
    });
    for (let k = 0; k < steps; k += 1) {
      const t = last.at + (k + 0.5) * stepMs;
      const house = perPhase(this.sources.household?.activity(t) ?? []).active;
      const truth = this.dayOf(t);
      let net = 0;
      for (let i = 0; i < 3; i += 1) {
        const houseWh = (house[i] ?? 0) * hours;
        const fedPart = shapes[i]![k]!;
        const flow = houseWh - fedPart;
        if (flow > 0) this.phaseImportWh[i] = (this.phaseImportWh[i] ?? 0) + flow;
        else this.phaseExportWh[i] = (this.phaseExportWh[i] ?? 0) - flow;
        truth.houseWh += houseWh;
        truth.fedWh += fedPart;
        net += flow;
      }
      if (net > 0) {
        this.importWh += net;
        truth.importWh += net;
      } else {
        this.exportWh -= net;
        truth.exportWh -= net;
      }
    }
  }
}
