/**
 * The device's wall clock. Simulated time runs `speed` times faster than real time from a
 * chosen start, and can be set (as POST /api/ntp/time does). Tests use a manual clock
 * that only moves when told to.
 */
export interface Clock {
  /** Simulated time, milliseconds since the epoch. */
  now(): number;
  /** Sets the simulated time (the device's "set time" command). */
  set(epochMs: number): void;
  /** How many simulated milliseconds pass per real millisecond. */
  readonly speed: number;
}

export function createClock(options: { start?: number; speed?: number } = {}): Clock {
  const speed = options.speed ?? 1;
  let anchorReal = Date.now();
  let anchorSim = options.start ?? anchorReal;
  return {
    speed,
    now: () => anchorSim + (Date.now() - anchorReal) * speed,
    set(epochMs) {
      anchorReal = Date.now();
      anchorSim = epochMs;
    },
  };
}

export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function createManualClock(start: number): ManualClock {
  let current = start;
  return {
    speed: 1,
    now: () => current,
    set(epochMs) {
      current = epochMs;
    },
    advance(ms) {
      current += ms;
    },
  };
}
