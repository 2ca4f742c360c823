// The one live-data store every screen reads (conventions: useSyncExternalStore). It
// loads the list once, then merges the /livedata frames by serial. Frames arriving
// faster than the screen paints are batched into one update per animation frame. When
// the socket cannot connect, it polls the HTTP API instead and says so. It tells the
// connection state what the socket does, and samples the day's curve on the device's clock.
import {
  isLiveInverterFull,
  parseLiveFrame,
  type LiveDataResponse,
  type LiveInverterCommon,
} from '@opendtu/api';
import { useSyncExternalStore } from 'react';
import { addSample, dayOf, restoreCurve, storedCurve, type DayCurve } from '../lib/day-curve';
import { byOrder, EMPTY_LIVE_STATE, mergeLive, type LiveInverter, type LiveState } from '../lib/live-merge';
import { mergeCurves } from '../lib/history-curve';
import { seedPeaks, trackPeaks, type Peaks } from '../lib/peaks';
import { basicAuthorization } from './auth';
import { ApiError, loadInPlace } from './client';
import { deviceAnswered, deviceAway, frameArrived, framesStopped } from './connection';
import { deviceNow, seedDeviceTime, watchDeviceTime } from './device-time';
import { takeEarlyPaint } from './early';
import { recordedToday } from './history';
import { getLiveData, getLiveDataQuietly, liveSocket } from './livedata';
import { clockFrame } from './clock';

/**
 * How long the socket may stay away before the store polls instead: longer than the
 * socket's own retry, so a device that is merely restarting does not count.
 */
const FALLBACK_AFTER_MS = 12_000;
const POLL_MS = 10_000;
const CURVE_KEY = 'livePowerCurve';
const SAVE_CURVE_MS = 30_000;

export interface LiveSnapshot extends LiveState {
  /** True once the first answer arrived. */
  loaded: boolean;
  /** True while the data comes from polling because the socket cannot connect. */
  polling: boolean;
  /** Why the first answer has not come (shown in place, retried), until it comes. */
  error: ApiError | undefined;
  curve: DayCurve | undefined;
  /** Today's peaks: since this page started, or the whole day once seeded. */
  peaks?: Peaks;
}

type Pending = { message: LiveDataResponse<LiveInverterCommon>; at: number; list: boolean };

class LiveStore {
  private snapshot: LiveSnapshot = {
    ...EMPTY_LIVE_STATE,
    loaded: false,
    polling: false,
    error: undefined,
    curve: undefined,
  };
  private readonly listeners = new Set<() => void>();
  private pending: Pending[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private stopSocket: (() => void) | undefined;
  private stopState: (() => void) | undefined;
  private stopClock: (() => void) | undefined;
  private fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private lastSaved = 0;
  private wanted = new Set<string>();
  /** Whether the socket has been online since the store started. */
  private connected = false;
  /** Whether the first snapshot is index.html's first paint, whose list answer is not asked again. */
  private seeded: boolean;

  constructor() {
    // Read while app.js is evaluated: the first render follows in the next task, and the
    // paint stands still from here, so that render shows what is on screen.
    const first = takeEarlyPaint(basicAuthorization() ?? null);
    this.seeded = !!first;
    if (!first) return;
    if (first.clock) seedDeviceTime(first.clock);
    deviceAnswered();
    this.settle(first.state);
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  /** Asks for one inverter's channels now instead of waiting for its next frame. */
  requestFull(serial: string): void {
    const known = this.snapshot.inverters.find((inverter) => inverter.serial === serial);
    if ((known && isLiveInverterFull(known)) || this.wanted.has(serial)) return;
    this.wanted.add(serial);
    void getLiveDataQuietly(serial)
      .then((answer) => this.queue(answer, false))
      .catch(() => undefined)
      .finally(() => this.wanted.delete(serial));
  }

  /**
   * Loads the list (first load, reload button, retries); a failure is shown in place and
   * retried. Only the inverter on screen asks for its channels (the live view's
   * requestFull); the others come with the socket's first frames, which the device sends
   * for every inverter within a second of a first connection, as the original app relies on.
   */
  reload = (): void => {
    loadInPlace(() => getLiveData()).then(
      (answer) => this.queue(answer, true),
      (error: unknown) => {
        if (error instanceof ApiError && error.status !== 401) this.publish({ ...this.snapshot, error });
      },
    );
  };

  private refresh(): void {
    void getLiveDataQuietly().then(
      (answer) => this.queue(answer, true),
      () => undefined,
    );
  }

  private start(): void {
    this.stopClock = watchDeviceTime();
    if (this.seeded) this.seeded = false;
    else this.reload();
    // Behind the companion server the day so far comes from its recorder, once; frames go on
    // from there. The device build has no such server (and none of this code).
    if (import.meta.env.MODE === 'companion') {
      recordedToday().then(
        (day) =>
          this.publish({
            ...this.snapshot,
            curve: mergeCurves(day.curve, this.snapshot.curve),
            peaks: seedPeaks(this.snapshot.peaks, day.peaks),
          }),
        // Refused (read-only access off, logged out) or away: the browser's own curve goes on.
        () => undefined,
      );
    }
    window.addEventListener('pagehide', this.saveNow);
    document.addEventListener('visibilitychange', this.flushNow);
    this.stopSocket = liveSocket.subscribe(this.onFrame);
    this.stopState = liveSocket.subscribeState(this.onSocketState);
    // Started again on a socket that is already open: its silence counts from now (frames
    // may never come again from a device that hung meanwhile).
    if (liveSocket.isOnline()) frameArrived();
    this.armFallback();
  }

  private stop(): void {
    this.connected = false;
    // Not listening to the socket's state first: its closing here is ours, not the device's.
    this.stopState?.();
    this.stopSocket?.();
    this.stopClock?.();
    framesStopped();
    window.removeEventListener('pagehide', this.saveNow);
    document.removeEventListener('visibilitychange', this.flushNow);
    clearTimeout(this.fallbackTimer);
    this.setPolling(false);
    this.flushNow();
    this.saveCurve(true);
  }

  private readonly onFrame = (data: string): void => {
    const frame = parseLiveFrame(data);
    frameArrived();
    if (frame) this.queue(frame, false);
  };

  private readonly onSocketState = (): void => {
    if (liveSocket.isOnline()) {
      // Opened: the device answered, and its first frame is due within the silence limit.
      frameArrived();
      clearTimeout(this.fallbackTimer);
      this.setPolling(false);
      // Back after a restart: inverters may have changed meanwhile. Not on the first
      // connection: the list was just asked for.
      if (this.connected) this.refresh();
      this.connected = true;
    } else {
      deviceAway();
      this.armFallback();
    }
  };

  private armFallback(): void {
    clearTimeout(this.fallbackTimer);
    this.fallbackTimer = setTimeout(() => {
      if (liveSocket.isOnline()) return;
      clearInterval(this.pollTimer);
      this.pollTimer = setInterval(this.poll, POLL_MS);
      this.poll();
    }, FALLBACK_AFTER_MS);
  }

  private setPolling(polling: boolean): void {
    if (!polling) {
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
    }
    if (this.snapshot.polling !== polling) this.publish({ ...this.snapshot, polling });
  }

  // Without frames the channels come from one `?inv=` answer per inverter. The note
  // shows only while the device answers over HTTP, i.e. only the socket is in trouble.
  private readonly poll = (): void => {
    void getLiveDataQuietly().then(
      (list) => {
        if (liveSocket.isOnline()) return;
        this.publish({ ...this.snapshot, polling: true });
        this.queue(list, true);
        for (const inverter of list.inverters) {
          if (inverter?.serial) {
            void getLiveDataQuietly(inverter.serial).then(
              (full) => this.queue(full, false),
              () => undefined,
            );
          }
        }
      },
      () => {
        if (this.snapshot.polling) this.publish({ ...this.snapshot, polling: false });
      },
    );
  };

  // Also when the tab is shown again: what waited for the hidden tab's turn paints now.
  private readonly flushNow = (): void => {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flush();
  };

  private queue(message: LiveDataResponse<LiveInverterCommon>, list: boolean): void {
    this.pending.push({ message, at: Date.now(), list });
    // The first answer paints at once. Later ones render in a task of their own (frames
    // queued by then with them), not in an animation frame, whose task the browser's layout
    // and paint then share: with an inverter's channel cards over 50 ms at 4x slower CPU, a
    // long task (docs/internals/load-and-frames.md). A hidden tab's browser runs its timers
    // once a second at most, so frames are merged there meanwhile.
    if (!this.snapshot.loaded) return this.flushNow();
    this.flushTimer ??= setTimeout(this.flushNow);
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    let state: LiveState = this.snapshot;
    for (const { message, at, list } of this.pending) state = mergeLive(state, message, at, list);
    this.pending = [];
    // Ages move in this frame's render, not in one of their own.
    clockFrame();
    this.settle(state);
  }

  /** Publishes merged live data with the day's curve and peaks that follow from it. */
  private settle(state: LiveState): void {
    const curve = this.sample(state);
    const { peaks: was, inverters } = this.snapshot;
    const now = Date.now();
    const day = dayOf(deviceNow(now) ?? now);
    const peaks = trackPeaks(was, inverters, state.inverters, state.total, now, day);
    this.publish({ ...this.snapshot, ...state, loaded: true, error: undefined, curve, peaks });
  }

  /** The day's curve, on the device's clock (no sample until the clock is known). */
  private sample(state: LiveState): DayCurve | undefined {
    const wall = deviceNow();
    let { curve } = this.snapshot;
    if (!state.total || wall === undefined) return curve;
    // After a reload the tab goes on with the curve it kept, if it is of the same day.
    curve ??= restoreCurve(localStorage.getItem(CURVE_KEY), dayOf(wall));
    // An inverter whose channels have not arrived yet is left out (a gap, not a zero).
    const inverters: Record<string, number> = {};
    for (const inverter of state.inverters) {
      const power = isLiveInverterFull(inverter) ? inverter.AC['0']?.Power?.v : undefined;
      if (power !== undefined) inverters[inverter.serial] = power;
    }
    return addSample(curve, wall, state.total.Power.v, inverters);
  }

  private publish(next: LiveSnapshot): void {
    this.snapshot = next;
    this.saveCurve(false);
    for (const listener of this.listeners) listener();
  }

  private readonly saveNow = (): void => this.saveCurve(true);

  private saveCurve(now: boolean): void {
    const { curve } = this.snapshot;
    if (!curve || (!now && Date.now() - this.lastSaved < SAVE_CURVE_MS)) return;
    this.lastSaved = Date.now();
    try {
      localStorage.setItem(CURVE_KEY, storedCurve(curve));
    } catch {
      // A full or blocked storage only costs the curve after a reload.
    }
  }
}

export const liveStore = new LiveStore();

/** The live data, re-rendered at most once per animation frame. */
export function useLiveData(): LiveSnapshot {
  return useSyncExternalStore(liveStore.subscribe, liveStore.getSnapshot);
}

/**
 * A slice of the live data: the component renders again only when `select` gives another
 * value (by identity), so a frame about one inverter renders what shows that inverter, not
 * the whole live view. `select` returns parts of the snapshot as they are (a merge keeps
 * the objects a frame did not change) or a cached derivation such as selectRoster.
 */
export function useLive<T>(select: (live: LiveSnapshot) => T): T {
  return useSyncExternalStore(liveStore.subscribe, () => select(liveStore.getSnapshot()));
}

/** An inverter as lists name it. */
export interface RosterEntry {
  serial: string;
  name: string;
}

let rosterOf: LiveSnapshot['inverters'] | undefined;
let rosterText = '';
let roster: readonly RosterEntry[] = [];

/** The inverters in the device's order, the same array until one is added, removed, renamed or moved. */
export function selectRoster(live: LiveSnapshot): readonly RosterEntry[] {
  if (live.inverters === rosterOf) return roster;
  rosterOf = live.inverters;
  const next = byOrder(live.inverters).map(({ serial, name }) => ({ serial, name }));
  const text = JSON.stringify(next);
  if (text !== rosterText) [rosterText, roster] = [text, next];
  return roster;
}

/** One inverter's live data, by serial. */
export const selectInverter =
  (serial: string | undefined) =>
  (live: LiveSnapshot): LiveInverter | undefined =>
    live.inverters.find((inverter) => inverter.serial === serial);
