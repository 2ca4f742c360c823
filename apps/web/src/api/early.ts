// Answers that arrived before the app: the inline script in index.html starts the first
// GETs of the page being opened (and on the live view its socket) while app.js is still
// downloading, and leaves them in `window.__early`. The one HTTP client and the live
// socket take them from here instead of asking the device again. Each is used once, only
// by the page it was started for and with the same login; anything else, and any answer
// that failed, leaves the normal path to ask. On the live view index.html also paints the
// first screen from them (src/boot/first-paint.ts), and the live store starts from what it
// painted (takeEarlyPaint).
import type { DeviceClock } from '../lib/device-clock';
import type { LiveState } from '../lib/live-merge';

export interface Early {
  /** The page (full URL) the requests were started for. */
  href: string;
  /** The Authorization header they carried, if any. */
  auth?: string;
  /** Path as the app writes it ('api/livedata/status') -> the answer, undefined on failure. */
  get: Record<string, Promise<Response | undefined> | undefined>;
  /** The live socket, and the frames it received before the app took it. */
  ws?: WebSocket;
  frames?: string[];
  /** Called by index.html after each frame (the first paint shows them). */
  onframe?: () => void;
  /** The route the requests were started for ('' is the live view). */
  route?: string;
  /** Hands the live view's first paint to the app (takeEarlyPaint). */
  takePaint?: (authorization: string | null) => FirstPaint | undefined;
}

/** What index.html's first paint shows, handed to the app when it takes the page over. */
export interface FirstPaint {
  /** The live answer with the frames that came after it, merged as the store merges them. */
  state: LiveState;
  /** The device's clock from its NTP status, once that answer came. */
  clock?: DeviceClock;
}

const globalEarly = globalThis as { __early?: Early };

function current(): Early | undefined {
  const early = globalEarly.__early;
  // After the first navigation the answers belong to a page no longer shown.
  if (early && early.href !== location.href) drop();
  return globalEarly.__early;
}

function drop(): void {
  globalEarly.__early?.ws?.close();
  globalEarly.__early = undefined;
}

/** The early answer to `GET path` made with `authorization`, once; undefined to ask normally. */
export async function takeEarly(path: string, authorization: string | null): Promise<Response | undefined> {
  const early = current();
  const answer = early?.get[path];
  if (!early || !answer) return undefined;
  delete early.get[path];
  if ((early.auth ?? null) !== authorization) return undefined;
  return answer;
}

/**
 * The live socket opened early, if it is still connecting or open. The frames (and the
 * open event) it saw before are played again to the handlers the caller sets now.
 */
export function takeEarlySocket(path: string): WebSocket | undefined {
  const early = current();
  const socket = early?.ws;
  if (!early || !socket || path !== 'livedata') return undefined;
  early.ws = undefined;
  if (socket.readyState > WebSocket.OPEN) return undefined;
  const frames = early.frames ?? [];
  socket.onmessage = null;
  queueMicrotask(() => {
    if (socket.readyState === WebSocket.OPEN) socket.dispatchEvent(new Event('open'));
    for (const data of frames) socket.dispatchEvent(new MessageEvent('message', { data }));
  });
  return socket;
}

/**
 * What index.html painted of the live view from the early answers (state and clock), once,
 * if it painted for this page with the same login (src/boot/first-paint.ts decides, so that
 * this costs app.js next to nothing). From this call on the paint stands still and the
 * early list answer is used up: the live store starts from exactly what is on screen, so
 * React's first render looks the same and nothing is asked again.
 */
export const takeEarlyPaint = (authorization: string | null): FirstPaint | undefined =>
  globalEarly.__early?.takePaint?.(authorization);
