// Whether the device answers: one truth for every screen (the page frame's banner and
// marker, greyed live values, commands that need the device). The HTTP client reports
// every request's outcome, the live store the socket's state and its frames. "Connecting"
// (nothing has failed yet) is not "offline": only a request without an answer, a socket
// that broke or a socket that went silent makes the device count as away.
import { smallStore } from './small-store';

export type LinkState = 'connecting' | 'online' | 'offline';

export interface Connection {
  state: LinkState;
  /** When the device last answered; while offline, the moment the values shown date from. */
  since: number | undefined;
}

/**
 * The device pushes every inverter at least every 10 s while a socket is open (contract
 * §5.4): an open socket that stays silent much longer belongs to a device that went away
 * without closing it (Wi-Fi lost, power cut).
 */
const SILENCE_MS = 25_000;

const connection = smallStore<Connection>({ state: 'connecting', since: undefined });
let lastAnswer: number | undefined;
let silence: ReturnType<typeof setTimeout> | undefined;

function setState(state: LinkState): void {
  if (connection.get().state !== state) connection.set({ state, since: lastAnswer });
}

/** An answer of any HTTP status, an opened socket or a frame: the device is there. */
export function deviceAnswered(): void {
  lastAnswer = Date.now();
  setState('online');
}

/** A request without an answer, or a live socket that broke. */
export function deviceAway(): void {
  setState('offline');
}

/**
 * A live frame arrived, or the live socket opened (its first frame is due): if the next
 * one is long overdue, the device counts as away.
 */
export function frameArrived(): void {
  deviceAnswered();
  clearTimeout(silence);
  silence = setTimeout(deviceAway, SILENCE_MS);
}

/** The live view closed: silence is expected from now on. */
export function framesStopped(): void {
  clearTimeout(silence);
}

export const { get: getConnection, subscribe: subscribeConnection, use: useConnection } = connection;

/** Whether commands that need the device can be sent now. */
export const useDeviceAway = (): boolean => useConnection().state === 'offline';
