/**
 * Records every live frame the server receives, whether or not a browser is open.
 *
 * - Repeats are skipped: the device sends each inverter at least every 10 s, and a frame
 *   whose data did not change carries the same readings with a larger `data_age_ms`, so
 *   its stamp comes out (nearly) equal to the last one. A frame counts as a repeat when
 *   its readings equal the inverter's last ones and its stamp lies within the clock's
 *   uncertainty of theirs.
 * - Stale readings are skipped: one stamped before the inverter's last sample (a DTU back
 *   from a restart shows what it read long ago) adds nothing and would join the sessions
 *   across the gap. Unless the device's clock was set meanwhile: then every stamp moved.
 * - Samples are written once a second in one small transaction, with the day's energy:
 *   a SIGKILL loses at most the last second.
 * - Each stretch of time the device's socket was up is a session; samples of different
 *   sessions are never joined by a line (the history API shows the gap).
 * - Every hour, raw samples older than 90 days become 5-minute averages.
 */
import type { DeviceClock } from '../device/clock';
import { addReading, energyOf, startDay, type DayEnergy } from './day-energy';
import { sameReading, samplesOf, type Sample } from './sample';
import { ROLLUP_MS, type HistoryStore } from './store';

export const RAW_DAYS = 90;
const FLUSH_MS = 1000;
const ROLLUP_EVERY_MS = 3_600_000;
/** Real milliseconds a frame's arrival may lag behind its sending (network, event loop). */
const ARRIVAL_JITTER_MS = 250;

export interface RecorderOptions {
  /** Called with the samples of each write, inside its transaction (the InfluxDB push queue). */
  onSamples?: (samples: Sample[]) => void;
  /** Called after each write. */
  afterFlush?: () => void;
  realNow?: () => number;
}

export class Recorder {
  /** Per serial: the last sample taken (its readings unknown after a restart of this server). */
  private readonly last = new Map<string, { sample: Sample | undefined; t: number }>();
  private readonly days: Map<number, DayEnergy>;
  private pending: Sample[] = [];
  private session: { id: number; start: number; end: number } | undefined;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly rollupTimer: NodeJS.Timeout;
  private readonly realNow: () => number;
  private clockResets: number;

  constructor(
    private readonly store: HistoryStore,
    private readonly clock: DeviceClock,
    private readonly options: RecorderOptions = {},
  ) {
    this.realNow = options.realNow ?? Date.now;
    this.clockResets = clock.resets;
    const times = store.lastSampleTimes();
    for (const { id, serial } of store.inverters()) {
      const t = times.get(id);
      if (t !== undefined) this.last.set(serial, { sample: undefined, t });
    }
    this.days = store.lastDays();
    this.flushTimer = setInterval(() => this.flush(), FLUSH_MS);
    this.rollupTimer = setInterval(() => this.rollUp(), ROLLUP_EVERY_MS);
    this.rollUp();
  }

  /** How far apart (device ms) two stamps of the same data may come out. */
  private get tolerance(): number {
    return Math.max(1500, ARRIVAL_JITTER_MS * this.clock.speed);
  }

  /** The device's socket went away: the next frame begins a new session. */
  endSession(): void {
    this.flush();
    this.session = undefined;
  }

  /** Takes one live frame as it arrived (real time of arrival). */
  ingest(text: string, arrival: number = this.realNow()): void {
    if (!this.clock.ready) return;
    if (this.clock.resets !== this.clockResets) {
      // Stamps of before the clock was set are not comparable with the new ones.
      this.clockResets = this.clock.resets;
      for (const last of this.last.values()) last.t = -Infinity;
    }
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    for (const sample of samplesOf(frame, this.clock.now(arrival))) {
      const last = this.last.get(sample.serial);
      const stale = last !== undefined && sample.t < last.t - this.tolerance;
      const repeat =
        last !== undefined &&
        Math.abs(sample.t - last.t) <= this.tolerance &&
        (last.sample === undefined || sameReading(sample, last.sample));
      if (stale || repeat) continue;
      this.last.set(sample.serial, { sample, t: sample.t });
      this.pending.push(sample);
    }
  }

  /** Writes what arrived since the last flush, in one transaction. */
  flush(): void {
    if (this.pending.length === 0) return;
    const samples = this.pending;
    this.pending = [];
    this.store.transaction(() => {
      if (!this.session) {
        const start = Math.min(...samples.map((sample) => sample.t));
        this.session = { id: this.store.openSession(start), start, end: start };
      }
      const session = this.session;
      for (const sample of samples) {
        const id = this.store.inverterId(sample.serial, sample.name, sample.strings);
        this.store.addSample(id, session.id, sample);
        this.addToDay(id, sample);
        session.start = Math.min(session.start, sample.t);
        session.end = Math.max(session.end, sample.t);
      }
      this.store.extendSession(session.id, session.start, session.end);
      this.options.onSamples?.(samples);
    });
    this.options.afterFlush?.();
  }

  private addToDay(inv: number, sample: Sample): void {
    const day = this.clock.day(sample.t);
    let state = this.days.get(inv);
    // A sample of an earlier day than the current one (data read before midnight, arriving
    // after) leaves the newer day alone.
    if (state && day < state.day) return;
    if (!state || state.day !== day) {
      state = startDay(day, state);
      this.days.set(inv, state);
    }
    if (addReading(state, sample)) this.store.saveDay(inv, state, energyOf(state));
  }

  private rollUp(): void {
    if (!this.clock.ready) return;
    const cutoff = this.clock.now() - RAW_DAYS * 86_400_000;
    this.store.rollUp(cutoff - (cutoff % ROLLUP_MS));
  }

  stop(): void {
    clearInterval(this.flushTimer);
    clearInterval(this.rollupTimer);
    this.flush();
  }
}
