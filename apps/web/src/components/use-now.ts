import { useSyncExternalStore } from 'react';
import { readClock, subscribeClock } from '../api/clock';

/**
 * The current time in ms, moved at every full second of the browser's clock and with each
 * live frame (api/clock.ts): clocks, and how old data is.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribeClock, readClock);
}
