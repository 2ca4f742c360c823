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
 * - Samples are written every 5 seconds in one small transaction, with the day's energy:
 *   a SIGKILL or a power cut loses at most the last 5 seconds. Each commit costs the same
 *   whatever it holds: once a second it was most of what a device cost the server
 *   (docs/internals/benchmarks.md#several-dtus).
 * - Each stretch of time the device's socket was up is a session; samples of different
 *   sessions are never joined by a line (the history API shows the gap).
 * - A full disk pauses recording (one log line; what could not be written is a gap) and
 *   every `retryMs` a write is tried again; it resumes by itself when there is room.
 * - Every hour, raw samples older than `rawDays` become 5-minute averages, an hour of one
 *   inverter per transaction, yielding to the event loop between them, so requests are
 *   answered while months are rolled up.
 */
import type { DeviceClock } from '../device/clock';
import { addReading, energyOf, startDay, type DayEnergy } from './day-energy';
import { ROLLUP_MS, type HistoryStore } from './db/history-store';
import { frameSamples } from '../live/frame';
import { sameReading, type Sample } from './sample';

export const RAW_DAYS = 90;
/** Real ms between writes: the most a kill or a power cut loses (the stated window). */
export const FLUSH_MS = 5000;
const ROLLUP_EVERY_MS = 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const RETRY_MS = 10_000;
/** Real milliseconds a frame's arrival may lag behind its sending (network, event loop). */
const ARRIVAL_JITTER_MS = 250;
/**
 * Device milliseconds between two readings of an inverter within which its day counter
 * cannot have reset unseen: it was being watched (readings come every few seconds).
 */
const WATCHED_MS = 10 * 60_000;

export type RecordingState = 'recording' | 'paused-disk-full' | 'waiting-for-clock';

export interface RecorderOptions {
  /** Called with the samples of each write, inside its transaction (the InfluxDB push queue). */
  onSamples?: (samples: Sample[]) => void;
  /** Called after each write. */
  afterFlush?: () => void;
  /** Days raw samples are kept before only their 5-minute averages remain. */
  rawDays?: number;
  /** Real ms between attempts to write while the disk is full. */
  retryMs?: number;
  log?: (line: string, level?: 'info' | 'warn') => void;
  /** This machine's clock (it may be set, and jump). */
  realNow?: () => number;
  /** A clock that only moves forward, at real speed (performance.now). */
  monotonicNow?: () => number;
}

export class Recorder {
  /** Per serial: the last sample taken (its readings unknown after a restart of this server). */
  private readonly last = new Map<string, { sample: Sample | undefined; t: number }>();
  private readonly days: Map<number, DayEnergy>;
  /** Per inverter: when (monotonic) its last valid reading was taken into its day. */
  private readonly lastReadingAt = new Map<number, number>();
  private pending: Sample[] = [];
  /** When (monotonic) each pending sample arrived. */
  private pendingAt: number[] = [];
  private session: { id: number; start: number; end: number } | undefined;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly rollupTimer: NodeJS.Timeout;
  private readonly realNow: () => number;
  private readonly monotonicNow: () => number;
  private readonly rawDays: number;
  private clockResets: number;
  private paused = false;
  private retryAt = 0;
  private stopped = false;
  private rolling: Promise<void> | undefined;
  /** A roll-up found the device's time unknown (at start): the first stamped frame runs it. */
  private rollUpOwed = false;
  /** Monotonic time the oldest sample not yet written arrived, and frames began waiting for the clock. */
  private pendingSince: number | undefined;
  private clockWaitSince: number | undefined;
  /** This machine's time of the last write (undefined: none since start). */
  lastWrite: number | undefined;
  /** While set (a backup is being copied), the roll-up waits. */
  holdRollUp = false;

  constructor(
    private readonly store: HistoryStore,
    private readonly clock: DeviceClock,
    private readonly options: RecorderOptions = {},
  ) {
    this.realNow = options.realNow ?? Date.now;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
    this.rawDays = options.rawDays ?? RAW_DAYS;
    this.clockResets = clock.resets;
    const times = store.lastSampleTimes();
    for (const { id, serial } of store.inverters()) {
      const t = times.get(id);
      if (t !== undefined) this.last.set(serial, { sample: undefined, t });
    }
    this.days = store.lastDays();
    this.flushTimer = setInterval(() => this.flush(), FLUSH_MS);
    this.rollupTimer = setInterval(() => void this.rollUp(), ROLLUP_EVERY_MS);
    void this.rollUp();
  }

  get state(): RecordingState {
    if (this.paused) return 'paused-disk-full';
    return this.clock.ready ? 'recording' : 'waiting-for-clock';
  }

  /**
   * How long (real ms) recording has been held up: samples arrived but are not written,
   * or frames arrive but the device's time to stamp them with is not known.
   */
  get stalledMs(): number {
    const now = this.monotonicNow();
    const since = Math.min(this.pendingSince ?? Infinity, this.clockWaitSince ?? Infinity);
    return since === Infinity ? 0 : now - since;
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
    if (!this.clock.ready) {
      this.clockWaitSince ??= this.monotonicNow();
      return;
    }
    this.clockWaitSince = undefined;
    if (this.rollUpOwed) {
      this.rollUpOwed = false;
      void this.rollUp();
    }
    if (this.clock.resets !== this.clockResets) {
      // Stamps of before the clock was set are not comparable with the new ones.
      this.clockResets = this.clock.resets;
      for (const last of this.last.values()) last.t = -Infinity;
    }
    for (const sample of frameSamples(text, this.clock.now(arrival))) {
      const last = this.last.get(sample.serial);
      const stale = last !== undefined && sample.t < last.t - this.tolerance;
      const repeat =
        last !== undefined &&
        Math.abs(sample.t - last.t) <= this.tolerance &&
        (last.sample === undefined || sameReading(sample, last.sample));
      if (stale || repeat) continue;
      this.last.set(sample.serial, { sample, t: sample.t });
      const now = this.monotonicNow();
      this.pending.push(sample);
      this.pendingAt.push(now);
      this.pendingSince ??= now;
    }
  }

  /** Writes what arrived since the last flush, in one transaction. */
  flush(): void {
    if (this.pending.length === 0) return;
    if (this.paused && this.monotonicNow() < this.retryAt) return;
    const samples = this.pending;
    const arrivals = this.pendingAt;
    this.pending = [];
    this.pendingAt = [];
    try {
      this.store.transaction(() => {
        if (!this.session) {
          const start = Math.min(...samples.map((sample) => sample.t));
          this.session = { id: this.store.openSession(start), start, end: start };
        }
        const session = this.session;
        for (const [index, sample] of samples.entries()) {
          const id = this.store.inverterId(sample.serial, sample.name, sample.strings);
          this.store.addSample(id, session.id, sample);
          this.addToDay(id, sample, arrivals[index]!);
          session.start = Math.min(session.start, sample.t);
          session.end = Math.max(session.end, sample.t);
        }
        this.store.extendSession(session.id, session.start, session.end);
        this.options.onSamples?.(samples);
      });
    } catch (error) {
      if (!this.store.isDiskFull(error)) throw error;
      this.pauseForSpace();
      return;
    }
    this.pendingSince = undefined;
    this.lastWrite = this.realNow();
    if (this.paused) {
      this.paused = false;
      this.options.log?.(`There is room for ${this.store.file} again: recording resumed`);
    }
    this.options.afterFlush?.();
  }

  /** What could not be written is a gap; writing is tried again after `retryMs`. */
  private pauseForSpace(): void {
    const retryMs = this.options.retryMs ?? RETRY_MS;
    this.session = undefined;
    this.pendingSince = undefined;
    this.retryAt = this.monotonicNow() + retryMs;
    if (this.paused) return;
    this.paused = true;
    this.options.log?.(
      `The disk holding ${this.store.file} is full: recording paused, trying again every ${retryMs / 1000} s`,
      'warn',
    );
  }

  /**
   * Files a sample's counters under its local day. The day only moves forward: a sample of
   * an earlier day (data read before midnight, arriving after) leaves the newer day alone,
   * unless the newer day has seen no reset of the counters yet and the sample belongs to
   * the day it came from: then the clock went back (it had jumped forward, the machine's
   * or the device's), and the earlier day goes on where it stood.
   */
  private addToDay(inv: number, sample: Sample, arrival: number): void {
    const day = this.clock.day(sample.t);
    let state = this.days.get(inv);
    if (state && day < state.day) {
      const earlier = !state.resetSeen && day === state.previousDay && this.store.dayState(inv, day);
      if (!earlier) return;
      this.store.deleteDay(inv, state.day);
      state = earlier;
      this.days.set(inv, state);
    }
    if (!state || state.day !== day) {
      state = startDay(day, state);
      this.days.set(inv, state);
    }
    const before = this.lastReadingAt.get(inv);
    const watched = before !== undefined && (arrival - before) * this.clock.speed < WATCHED_MS;
    if (addReading(state, sample, watched)) {
      this.lastReadingAt.set(inv, arrival);
      this.store.saveDay(inv, state, energyOf(state));
    }
  }

  /** Rolls up what is older than `rawDays`; one run at a time (the hourly timer may meet a long one). */
  rollUp(): Promise<void> {
    this.rolling ??= this.rollUpBatches().finally(() => (this.rolling = undefined));
    return this.rolling;
  }

  private async rollUpBatches(): Promise<void> {
    if (!this.clock.ready) {
      this.rollUpOwed = true;
      return;
    }
    const cutoff = this.clock.now() - this.rawDays * DAY_MS;
    const before = cutoff - (((cutoff % ROLLUP_MS) + ROLLUP_MS) % ROLLUP_MS);
    for (const { id } of this.store.inverters()) {
      for (let t = this.store.firstSample(id, -Infinity); t !== undefined && t < before;) {
        while (this.holdRollUp && !this.stopped) await new Promise((done) => setTimeout(done, 200));
        if (this.stopped) return;
        const from = t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS);
        const to = Math.min(from + HOUR_MS, before);
        try {
          this.store.rollUp(id, from, to);
        } catch (error) {
          // A full disk: the next hourly run tries again.
          if (this.store.isDiskFull(error)) return;
          throw error;
        }
        await new Promise((done) => setImmediate(done));
        if (this.stopped) return;
        t = this.store.firstSample(id, to);
      }
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.flushTimer);
    clearInterval(this.rollupTimer);
    this.flush();
  }
}
