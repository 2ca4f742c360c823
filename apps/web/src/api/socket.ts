// WebSockets shared by every screen that needs them: one connection per endpoint, opened
// by the first subscriber and closed after the last leaves, kept alive by a heartbeat
// (spec §4, contract §5.5, §6). The heartbeat both pings an open socket and reopens a
// closed one, so a rebooting device is picked up again without a page reload.
//
// Credentials and sockets: a browser cannot put a header on a socket, only user-info in
// its URL, and once it has answered a socket's challenge with them it keeps them for the
// device's whole origin and sends them with every later request there, whichever site
// made it (a form on any web page could then write settings). So the URL carries the
// login only after the device refused a socket without it (v26.3.30, v24.1-v24.9 with
// read-only access off; most releases never ask), and every logout or 401 makes the
// browser drop what it keeps (knock below; measured in e2e/tests/cross-site.spec.ts).
import { useEffect, useSyncExternalStore } from 'react';
import { authEvents, urlCredentials } from './auth';
import { mayNeedTicket, withTicket } from './companion';
import { takeEarlySocket } from './early';

/**
 * ws:/wss: URL of a device socket, relative to where the app is served (so it works
 * under a proxy's sub-path), with `credentials` ("user:password@") as user-info.
 */
export function socketUrl(path: string, credentials = ''): string {
  const url = new URL(path, document.baseURI);
  const protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${credentials}${url.host}${url.pathname}${url.search}`;
}

/** Whether a socket of this page session opened only with the login in its URL. */
let socketsNeedLogin = false;
let forgetting: Promise<unknown> = Promise.resolve();

/**
 * A handshake as the user "logout" with no password, which no device accepts: the browser
 * stores it over the device's socket login (same origin and realm), and the refusal then
 * removes it, so nothing is sent for the owner any more. Against open sockets it just
 * opens and is closed.
 */
function knock(path: string): Promise<void> {
  return new Promise((done) => {
    const socket = new WebSocket(socketUrl(path, 'logout@'));
    socket.onopen = () => socket.close();
    socket.onclose = () => done();
  });
}

// Logout and every 401 fire logged-out: the browser forgets the login it may keep for either socket.
authEvents.addEventListener('logged-out', () => {
  socketsNeedLogin = false;
  forgetting = Promise.all(['livedata', 'console'].map(knock));
});

export interface ManagedSocketOptions {
  /** Relative path, e.g. 'livedata'. */
  path: string;
  /** Ping interval while frames keep coming (reset by every frame). */
  heartbeatMs: number;
  /** Interval after the connection broke: the next tick reconnects. */
  retryMs: number;
  /** A frame meaning "this connection is broken" (legacy firmware's `{}`). */
  isBroken?: (data: string) => boolean;
}

type Listener = (data: string) => void;

export class ManagedSocket {
  #socket: WebSocket | undefined;
  /** Counts openings, so a ticket arriving late does not open a superseded socket. */
  #attempt = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #listeners = new Set<Listener>();
  readonly #stateListeners = new Set<() => void>();
  #online = false;
  readonly #options: ManagedSocketOptions;

  constructor(options: ManagedSocketOptions) {
    this.#options = options;
  }

  /** Receives every text frame; the socket lives while anyone listens. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) {
      authEvents.addEventListener('logged-in', this.#reconnect);
      authEvents.addEventListener('logged-out', this.#reconnect);
      this.#open();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stop();
    };
  }

  isOnline = (): boolean => this.#online;

  subscribeState = (listener: () => void): (() => void) => {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  };

  #setOnline(online: boolean): void {
    if (this.#online === online) return;
    this.#online = online;
    for (const listener of this.#stateListeners) listener();
  }

  // After a logout the new socket waits until the browser has forgotten the old login.
  readonly #reconnect = (): void => {
    void forgetting.then(() => this.#listeners.size > 0 && this.#open());
  };

  #open(withLogin = socketsNeedLogin): void {
    this.#detach();
    if (!withLogin) {
      const early = takeEarlySocket(this.#options.path);
      return this.#connect(early ?? new WebSocket(socketUrl(this.#options.path, '')), false);
    }
    const withCredentials = () => new WebSocket(socketUrl(this.#options.path, urlCredentials()));
    // Behind the companion server a ticket stands in for the login (it never challenges).
    // Only its own build meets it: it serves the device build only when it has no other.
    if (import.meta.env.MODE !== 'companion' || !mayNeedTicket())
      return this.#connect(withCredentials(), true);
    const plain = socketUrl(this.#options.path, '');
    const attempt = this.#attempt;
    // Should the ticket never come, the next tick asks again.
    this.#heartbeat(this.#options.retryMs);
    void withTicket(plain).then((ticketed) => {
      if (attempt !== this.#attempt || this.#listeners.size === 0) return;
      this.#connect(ticketed === plain ? withCredentials() : new WebSocket(ticketed), true);
    });
  }

  #connect(socket: WebSocket, withLogin: boolean): void {
    let opened = false;
    this.#socket = socket;
    socket.onopen = () => {
      opened = true;
      socketsNeedLogin ||= withLogin;
      this.#setOnline(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      const data = typeof event.data === 'string' ? event.data : '';
      if (this.#options.isBroken?.(data)) {
        socket.close();
        this.#setOnline(false);
        this.#heartbeat(this.#options.retryMs);
        return;
      }
      this.#heartbeat(this.#options.heartbeatMs);
      for (const listener of this.#listeners) listener(data);
    };
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      // Refused before it opened: the device may want the login (a closed device is tried twice).
      if (!opened && !withLogin && urlCredentials()) return this.#open(true);
      this.#setOnline(false);
      this.#heartbeat(this.#options.retryMs);
    };
    this.#heartbeat(this.#options.heartbeatMs);
  }

  #heartbeat(intervalMs: number): void {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send('ping');
      else this.#open();
    }, intervalMs);
  }

  #detach(): void {
    this.#attempt += 1;
    const socket = this.#socket;
    this.#socket = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close();
  }

  #stop(): void {
    authEvents.removeEventListener('logged-in', this.#reconnect);
    authEvents.removeEventListener('logged-out', this.#reconnect);
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#detach();
    this.#setOnline(false);
  }
}

/** Whether the socket is connected (the page frame's online marker). */
export function useSocketOnline(socket: ManagedSocket): boolean {
  return useSyncExternalStore(socket.subscribeState, socket.isOnline);
}

/** Keeps a subscription while the component is mounted. `listener` should be stable. */
export function useSocketSubscription(socket: ManagedSocket, listener: Listener): void {
  useEffect(() => socket.subscribe(listener), [socket, listener]);
}
