// The one live-data store every screen reads (conventions: useSyncExternalStore). It
// loads the list once, then merges the /livedata frames by serial. Frames arriving
// faster than the screen paints are batched into one update per animation frame. When
// the socket cannot connect, it polls the HTTP API instead and says so.
import { isLiveInverterFull, type LiveDataResponse, type LiveInverterCommon } from '@opendtu/api';
import { useSyncExternalStore } from 'react';
import { EMPTY_LIVE_STATE, mergeLive, type LiveState } from '../lib/live-merge';
import { trackPeaks, type Peaks } from '../lib/peaks';
import { addPowerPoint, restoreHistory, type PowerHistory } from '../lib/power-history';
import { getLiveData, getLiveDataQuietly, liveSocket, parseLiveFrame } from './livedata';

/**
 * How long the socket may stay away before the store polls instead: longer than the
 * socket's own retry, so a device that is merely restarting does not count.
 */
const FALLBACK_AFTER_MS = 12_000;
const POLL_MS = 10_000;
const HISTORY_KEY = 'livePowerHistory';
const SAVE_HISTORY_MS = 30_000;
const HIDDEN_FLUSH_MS = 1000;

export interface LiveSnapshot extends LiveState {
  /** True once the first answer arrived. */
  loaded: boolean;
  /** True while the data comes from polling because the socket cannot connect. */
  polling: boolean;
  history: PowerHistory | undefined;
  /** Today's peaks: since this page started, or the whole day once seeded. */
  peaks?: Peaks;
}

type Pending = { message: LiveDataResponse<LiveInverterCommon>; at: number; list: boolean };

class LiveStore {
  private snapshot: LiveSnapshot = { ...EMPTY_LIVE_STATE, loaded: false, polling: false, history: undefined };
  private readonly listeners = new Set<() => void>();
  private pending: Pending[] = [];
  private cancelFlush: (() => void) | undefined;
  private stopSocket: (() => void) | undefined;
  private stopState: (() => void) | undefined;
  private fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private lastSaved = 0;
  private wanted = new Set<string>();
  /** Whether the socket has been online since the store started. */
  private connected = false;

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

  /** Loads the list again (the reload button); a failure leads to the Error screen. */
  reload = (): void => {
    void getLiveData().then((answer) => this.queue(answer, true));
  };

  private refresh(): void {
    void getLiveDataQuietly().then(
      (answer) => this.queue(answer, true),
      () => undefined,
    );
  }

  /**
   * The first list. Only the inverter on screen asks for its channels (the live view's
   * requestFull); the others come with the socket's first frames, which the device sends
   * for every inverter within a second of a first connection, as the original app relies on.
   */
  private load(): void {
    void getLiveData().then((answer) => this.queue(answer, true));
  }

  private start(): void {
    if (!this.snapshot.history) {
      const history = restoreHistory(localStorage.getItem(HISTORY_KEY), Date.now());
      if (history) this.snapshot = { ...this.snapshot, history };
    }
    this.load();
    window.addEventListener('pagehide', this.saveNow);
    document.addEventListener('visibilitychange', this.flushNow);
    this.stopSocket = liveSocket.subscribe(this.onFrame);
    this.stopState = liveSocket.subscribeState(this.onSocketState);
    this.armFallback();
  }

  private stop(): void {
    this.connected = false;
    this.stopSocket?.();
    this.stopState?.();
    window.removeEventListener('pagehide', this.saveNow);
    document.removeEventListener('visibilitychange', this.flushNow);
    clearTimeout(this.fallbackTimer);
    this.setPolling(false);
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    this.flush();
    this.saveHistory(true);
  }

  private readonly onFrame = (data: string): void => {
    const frame = parseLiveFrame(data);
    if (frame) this.queue(frame, false);
  };

  private readonly onSocketState = (): void => {
    if (liveSocket.isOnline()) {
      clearTimeout(this.fallbackTimer);
      this.setPolling(false);
      // Back after a restart: inverters may have changed meanwhile. Not on the first
      // connection: the list was just asked for.
      if (this.connected) this.refresh();
      this.connected = true;
    } else this.armFallback();
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

  // An animation frame asked for just before the tab was hidden never comes.
  private readonly flushNow = (): void => {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    this.flush();
  };

  private queue(message: LiveDataResponse<LiveInverterCommon>, list: boolean): void {
    this.pending.push({ message, at: Date.now(), list });
    // The first answer paints at once; later ones are batched per animation frame.
    if (!this.snapshot.loaded) return this.flushNow();
    if (this.cancelFlush) return;
    const flush = () => {
      this.cancelFlush = undefined;
      this.flush();
    };
    // A hidden tab gets no animation frames; its frames must not pile up meanwhile.
    if (document.hidden) {
      const timer = setTimeout(flush, HIDDEN_FLUSH_MS);
      this.cancelFlush = () => clearTimeout(timer);
    } else {
      const request = requestAnimationFrame(flush);
      this.cancelFlush = () => cancelAnimationFrame(request);
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    let state: LiveState = this.snapshot;
    for (const { message, at, list } of this.pending) state = mergeLive(state, message, at, list);
    this.pending = [];
    const history = this.sample(state);
    const { peaks: was, inverters } = this.snapshot;
    const peaks = trackPeaks(was, inverters, state.inverters, state.total, Date.now());
    this.publish({ ...this.snapshot, ...state, loaded: true, history, peaks });
  }

  private sample(state: LiveState): PowerHistory | undefined {
    if (!state.total) return this.snapshot.history;
    // An inverter whose channels have not arrived yet keeps its last known power.
    const points = this.snapshot.history?.points;
    const inverters: Record<string, number> = { ...points?.[points.length - 1]?.inverters };
    for (const inverter of state.inverters) {
      if (isLiveInverterFull(inverter)) inverters[inverter.serial] = inverter.AC['0']?.Power?.v ?? 0;
    }
    const history = addPowerPoint(this.snapshot.history, {
      t: Date.now(),
      total: state.total.Power.v,
      inverters,
    });
    return history;
  }

  private publish(next: LiveSnapshot): void {
    this.snapshot = next;
    this.saveHistory(false);
    for (const listener of this.listeners) listener();
  }

  private readonly saveNow = (): void => this.saveHistory(true);

  private saveHistory(now: boolean): void {
    const { history } = this.snapshot;
    if (!history || (!now && Date.now() - this.lastSaved < SAVE_HISTORY_MS)) return;
    this.lastSaved = Date.now();
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(history));
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
