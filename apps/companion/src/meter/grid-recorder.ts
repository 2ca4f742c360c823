/**
 * Records the grid meter (issue 45): its power at the recorder's pace (a sample at most
 * every 5 s of the device's time, the mean of the readings since the last), and the energy
 * taken from and fed into the grid (meter/grid-energy.ts) filed under 5-minute slots and
 * local days of the device, written once a second in one transaction with the accounting's
 * state, so a SIGKILL loses at most the last second and a restart goes on from the meter's
 * last counters. Readings are stamped on the device's clock; none is taken before it is
 * known. Every hour, raw power samples older than `rawDays` become 5-minute averages.
 */
import type { DeviceClock } from '../device/clock';
import type { LogLine } from '../log';
import {
  newGridState,
  spreadOverSlots,
  takeCounters,
  takePower,
  type GridCounters,
  type GridInterval,
  type GridLimits,
  type GridNote,
  type GridState,
  type GridStep,
} from './grid-energy';
import { GRID_SLOT_MS, type GridEnergyRow, type GridStore } from './grid-store';

const FLUSH_MS = 1000;
const SAMPLE_MS = 5000;
const ROLLUP_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A grid sample as pushed to InfluxDB: power, and the netted energy counted since recording began. */
export interface GridPoint {
  t: number;
  powerW: number;
  importWh: number;
  exportWh: number;
}

export interface GridRecorderOptions {
  log: LogLine;
  /** Called with each write's samples, inside its transaction (the InfluxDB push queue). */
  onPoints?: (points: GridPoint[]) => void;
  afterFlush?: () => void;
  rawDays?: number;
}

/** The recorder's state as saved: the accounting's, and the netted totals for InfluxDB. */
interface SavedState extends GridState {
  totals?: GridCounters;
}

const kwh = (wh: number): string => (wh / 1000).toFixed(3);

export class GridRecorder {
  private state: SavedState;
  private readonly slots = new Map<number, GridEnergyRow>();
  private readonly days = new Map<string, GridEnergyRow>();
  private samples: GridPoint[] = [];
  private window: { sum: number; n: number; from: number } | undefined;
  private dirty = false;
  private resets: number;
  private paused = false;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly rollupTimer: NodeJS.Timeout;
  private readonly said = new Set<string>();

  constructor(
    private readonly store: GridStore,
    private readonly clock: DeviceClock,
    private readonly options: GridRecorderOptions,
  ) {
    this.state = store.state<SavedState>() ?? newGridState('');
    this.resets = clock.resets;
    this.flushTimer = setInterval(() => this.flush(), FLUSH_MS);
    this.rollupTimer = setInterval(() => this.rollUp(), ROLLUP_EVERY_MS);
  }

  /**
   * The meter whose readings follow (its key): another meter than the saved state's starts
   * afresh, so its counters are not taken for a jump of the old one's.
   */
  useMeter(key: string): void {
    if (this.state.meter === key) return;
    this.state = { ...newGridState(key), totals: this.state.totals };
    this.dirty = true;
  }

  /** Whether readings can be stamped: the device's clock is known. */
  private stamp(): number | undefined {
    if (!this.clock.ready) return undefined;
    if (this.clock.resets !== this.resets) {
      // Stamps from before the device's clock was set are not comparable with the new ones:
      // the counters go on from now, what the power showed before is not joined.
      this.resets = this.clock.resets;
      const now = this.clock.now();
      this.state.power = undefined;
      if (this.state.counters) this.state.counters.t = now;
      if (this.state.shadow) this.state.shadow.whole = false;
    }
    return this.clock.now();
  }

  /** A power reading (W) arrived now; `limits` in the device's ms. */
  power(w: number, limits: GridLimits): void {
    const t = this.stamp();
    if (t === undefined) return;
    this.apply(takePower(this.state, t, w, limits));
    const window = (this.window ??= { sum: 0, n: 0, from: t });
    window.sum += w;
    window.n += 1;
    if (t - window.from >= SAMPLE_MS) {
      const totals = this.state.totals ?? { importWh: 0, exportWh: 0 };
      this.samples.push({ t, powerW: Math.round((window.sum / window.n) * 10) / 10, ...totals });
      this.window = { sum: 0, n: 0, from: t };
    }
  }

  /** The meter's counters arrived now; `netted`: they net the phases. */
  counters(counters: GridCounters, netted: boolean): void {
    const t = this.stamp();
    if (t === undefined) return;
    this.apply(takeCounters(this.state, t, counters, netted));
  }

  /** Tells a problem of the meter once per kind of problem (its counters cannot be read, ...). */
  sayOnce(key: string, line: string): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    this.options.log(line, 'warn');
  }

  private apply(step: GridStep): void {
    this.dirty = true;
    for (const interval of step.intervals) this.file(interval);
    for (const note of step.notes) this.tell(note);
  }

  private file(interval: GridInterval): void {
    const totals = (this.state.totals ??= { importWh: 0, exportWh: 0 });
    totals.importWh += interval.importWh;
    totals.exportWh += interval.exportWh;
    for (const part of spreadOverSlots(interval, GRID_SLOT_MS)) {
      const energy = { importWh: part.importWh, exportWh: part.exportWh, coveredMs: part.ms };
      add(this.slots, part.t, energy);
      add(this.days, this.clock.day(part.t), energy);
    }
  }

  private tell(note: GridNote): void {
    if (note.kind === 'power') {
      this.options.log(
        'The grid meter sends its power but no energy counters any more: its energy is counted from its power',
        'warn',
      );
      return;
    }
    const { before, after } = note;
    this.options.log(
      `The grid meter's counters ${note.kind === 'back' ? 'went back' : 'jumped'} (from ${kwh(before.importWh)} kWh taken, ${kwh(before.exportWh)} kWh fed to ${kwh(after.importWh)} and ${kwh(after.exportWh)} kWh)${note.kind === 'back' ? ': a meter replaced or reset' : ''}. That stretch is counted from the power read meanwhile; the counters go on from their new values`,
      'warn',
    );
  }

  /** Writes what arrived since the last flush, in one transaction. */
  flush(): void {
    if (!this.dirty && this.samples.length === 0) return;
    const samples = this.samples;
    try {
      this.store.transaction(() => {
        for (const sample of samples) this.store.addPower(sample.t, sample.powerW);
        for (const [t, energy] of this.slots) this.store.addToSlot(t, energy);
        for (const [day, energy] of this.days) this.store.addToDay(day, energy);
        this.store.saveState(this.state);
        if (samples.length) this.options.onPoints?.(samples);
      });
    } catch (error) {
      if (!this.store.isDiskFull(error)) throw error;
      // The recorder of the inverters says so; what could not be written waits in memory.
      this.paused = true;
      return;
    }
    this.paused = false;
    this.samples = [];
    this.slots.clear();
    this.days.clear();
    this.dirty = false;
    this.options.afterFlush?.();
  }

  /** Whether the last write failed for want of room. */
  get diskFull(): boolean {
    return this.paused;
  }

  private rollUp(): void {
    if (!this.clock.ready) return;
    const cutoff = this.clock.now() - (this.options.rawDays ?? 90) * DAY_MS;
    const before = cutoff - (((cutoff % GRID_SLOT_MS) + GRID_SLOT_MS) % GRID_SLOT_MS);
    const first = this.store.firstSample();
    if (first === undefined || first >= before) return;
    try {
      this.store.rollUp(first - (first % GRID_SLOT_MS), before);
    } catch (error) {
      if (!this.store.isDiskFull(error)) throw error;
    }
  }

  stop(): void {
    clearInterval(this.flushTimer);
    clearInterval(this.rollupTimer);
    this.flush();
  }
}

function add<K>(map: Map<K, GridEnergyRow>, key: K, energy: GridEnergyRow): void {
  const row = map.get(key);
  if (!row) map.set(key, { ...energy });
  else {
    row.importWh += energy.importWh;
    row.exportWh += energy.exportWh;
    row.coveredMs += energy.coveredMs;
  }
}
