// WebSockets shared by every screen that needs them: one connection per endpoint, opened
// by the first subscriber and closed after the last leaves, kept alive by a heartbeat
// (spec §4, contract §5.5, §6). The heartbeat both pings an open socket and reopens a
// closed one, so a rebooting device is picked up again without a page reload.
import { useEffect, useSyncExternalStore } from 'react';
import { authEvents, urlCredentials } from './auth';
import { mayNeedTicket, withTicket } from './companion';

/**
 * ws:/wss: URL of a device socket, relative to where the app is served (so it works
 * under a proxy's sub-path), with the credentials in the URL as the device expects.
 */
export function socketUrl(path: string, credentials: string = urlCredentials()): string {
  const url = new URL(path, document.baseURI);
  const protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${credentials}${url.host}${url.pathname}${url.search}`;
}

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
  private socket: WebSocket | undefined;
  /** Counts openings, so a ticket arriving late does not open a superseded socket. */
  private attempt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<() => void>();
  private online = false;
  private readonly options: ManagedSocketOptions;

  constructor(options: ManagedSocketOptions) {
    this.options = options;
  }

  /** Receives every text frame; the socket lives while anyone listens. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      authEvents.addEventListener('logged-in', this.reconnect);
      authEvents.addEventListener('logged-out', this.reconnect);
      this.open();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  isOnline = (): boolean => this.online;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  private setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    for (const listener of this.stateListeners) listener();
  }

  private readonly reconnect = (): void => {
    if (this.listeners.size > 0) this.open();
  };

  private open(): void {
    this.detach();
    const url = socketUrl(this.options.path);
    if (!mayNeedTicket()) return this.connect(url);
    const attempt = this.attempt;
    // Should the ticket never come, the next tick asks again.
    this.heartbeat(this.options.retryMs);
    void withTicket(url).then((ticketed) => {
      if (attempt === this.attempt && this.listeners.size > 0) this.connect(ticketed);
    });
  }

  private connect(url: string): void {
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => this.setOnline(true);
    socket.onmessage = (event: MessageEvent) => {
      const data = typeof event.data === 'string' ? event.data : '';
      if (this.options.isBroken?.(data)) {
        socket.close();
        this.setOnline(false);
        this.heartbeat(this.options.retryMs);
        return;
      }
      this.heartbeat(this.options.heartbeatMs);
      for (const listener of this.listeners) listener(data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.setOnline(false);
      this.heartbeat(this.options.retryMs);
    };
    this.heartbeat(this.options.heartbeatMs);
  }

  private heartbeat(intervalMs: number): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send('ping');
      else this.open();
    }, intervalMs);
  }

  private detach(): void {
    this.attempt += 1;
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close();
  }

  private stop(): void {
    authEvents.removeEventListener('logged-in', this.reconnect);
    authEvents.removeEventListener('logged-out', this.reconnect);
    clearInterval(this.timer);
    this.timer = undefined;
    this.detach();
    this.setOnline(false);
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
