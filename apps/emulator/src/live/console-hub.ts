/**
 * The /console stream (contract §6): the device's log output as raw text frames, not
 * line-aligned. Writes collect in one 500-byte buffer shared by all clients (a write that
 * would fill it is dropped from the stream) and go out as soon as the buffer is non-empty.
 * No backlog: nothing is kept while nobody listens.
 *
 * The device empties its buffer between its loop's turns. The simulation catches up on a
 * stretch of device time at once (the poll turns since the last request), so the limit
 * holds per device moment: each turn's lines, and what is written in the present, have
 * 500 bytes of their own, and go out together in one frame.
 */
import type { ConsoleLog } from '../console-log';
import { DEVICE_MAX_CLIENTS, SocketClients } from '@opendtu/server-kit/socket-fanout';

export const CONSOLE_BUFFER_BYTES = 500;

export class ConsoleHub {
  readonly clients: SocketClients;
  private buffer = '';
  /** The bytes written at the device moment `bufferAt` (undefined: the present). */
  private bytes = 0;
  private bufferAt: number | undefined;
  private flushScheduled = false;
  private readonly onData = (text: string, at: number | undefined): void => this.write(text, at);

  constructor(
    private readonly log: ConsoleLog,
    /** True while nothing may go out (the device vanished): what is written then is lost. */
    private readonly muted: () => boolean = () => false,
  ) {
    this.clients = new SocketClients('/console', (line) => log.line(line, 'webapi', 'D'), DEVICE_MAX_CLIENTS);
    log.on('data', this.onData);
  }

  stop(): void {
    this.log.off('data', this.onData);
  }

  private write(text: string, at: number | undefined): void {
    if (this.clients.size === 0 || this.muted()) return;
    if (at !== this.bufferAt) {
      this.bufferAt = at;
      this.bytes = 0;
    }
    const size = Buffer.byteLength(text);
    const fits = size === 1 ? this.bytes < CONSOLE_BUFFER_BYTES : this.bytes + size < CONSOLE_BUFFER_BYTES;
    if (!fits) return;
    this.buffer += text;
    this.bytes += size;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    const text = this.buffer;
    this.buffer = '';
    this.bytes = 0;
    this.bufferAt = undefined;
    if (text) this.clients.broadcast(text);
  }
}
