/**
 * The server's one /livedata socket to the device. The device keeps 8 sockets and closes
 * the oldest beyond that, so browsers never connect to it directly: this one connection
 * feeds them all and the recorder. It reconnects with backoff when the device restarts or
 * drops off Wi-Fi, and notices a silently dead link by pinging (the device answers pings).
 */
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import type { DeviceLink } from '../device/link';
import type { LogLevel, LogLine } from '../log';

const BACKOFF_MS = [1000, 2000, 4000, 8000, 10_000];
/** A link that answered neither a ping nor a frame for this long is dead. */
const PING_MS = 15_000;

export type UpstreamState = 'connecting' | 'up' | 'down' | 'refused';

export interface UpstreamEvents {
  frame: [text: string, arrival: number];
  state: [state: UpstreamState];
}

export class UpstreamSocket extends EventEmitter<UpstreamEvents> {
  state: UpstreamState = 'connecting';
  private socket: WebSocket | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly link: DeviceLink,
    private readonly log: LogLine,
    private readonly realNow: () => number = Date.now,
  ) {
    super();
  }

  start(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.socket?.terminate();
  }

  /** After the device's access rule changed: a refused connection is tried again at once. */
  retryIfRefused(): void {
    if (this.state !== 'refused' || !this.timer) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  }

  /** One line per change of state: a device away for hours is said once, and once back. */
  private setState(state: UpstreamState, line: string): void {
    if (state === this.state) return;
    this.state = state;
    const level: LogLevel = state === 'up' ? 'info' : 'warn';
    this.log(line, level);
    this.emit('state', state);
  }

  private connect(): void {
    const url = this.link.socketUrl('livedata');
    const socket = new WebSocket(url, { headers: this.link.socketHeaders(), handshakeTimeout: 10_000 });
    this.socket = socket;
    let alive = true;
    /** The device answered this attempt (with a refusal): not a connection error. */
    let answered = false;
    socket.on('open', () => {
      this.attempt = 0;
      this.setState('up', `Receiving live data from ${url}`);
      this.pinger = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);
    });
    socket.on('pong', () => (alive = true));
    socket.on('message', (data, binary) => {
      alive = true;
      if (!binary) this.emit('frame', data.toString(), this.realNow());
    });
    socket.on('unexpected-response', (_request, response) => {
      answered = true;
      if (response.statusCode === 401) {
        this.setState(
          'refused',
          `The device refuses live data without its password (read-only access is off): ` +
            `start with --password or OPENDTU_PASSWORD to record history; retrying`,
        );
      } else {
        this.setState(
          'down',
          `The device answered the live socket with HTTP ${response.statusCode}; retrying`,
        );
      }
      socket.terminate();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      const reason = error.code ?? error.message;
      this.setState('down', `The device at ${this.link.url.origin} does not answer (${reason}); retrying`);
    });
    socket.on('close', () => {
      clearInterval(this.pinger);
      if (this.socket !== socket || this.stopped) return;
      if (this.state === 'up')
        this.setState('down', `Lost the connection to the device at ${this.link.url.origin}; reconnecting`);
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }
}
