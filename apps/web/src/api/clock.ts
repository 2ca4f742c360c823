// The browser's clock as the screens read it (clocks, ages of data): it moves at every full
// second, and with each live frame in that frame's render (api/live-store). While frames
// come, the second's own move is left out: at one frame a second it was a render, layout
// and paint of the whole live view of its own each second (docs/internals/load-and-frames.md).
// Only the live and overview screens get frames; a clock elsewhere moves at full seconds.

/** A frame keeps the clock's own move away this long after it. */
const FRAME_HOLDS_MS = 1500;

let now = Date.now();
let frameAt = -FRAME_HOLDS_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function move(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function tick(): void {
  if (Date.now() - frameAt >= FRAME_HOLDS_MS) move();
  timer = setTimeout(tick, 1000 - (Date.now() % 1000));
}

/** A live frame is being rendered: the clock moves with it. */
export function clockFrame(): void {
  frameAt = Date.now();
  move();
}

/** For useSyncExternalStore. */
export function subscribeClock(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setTimeout(tick, 1000 - (now % 1000));
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

export const readClock = (): number => now;
