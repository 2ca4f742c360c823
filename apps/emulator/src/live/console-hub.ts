/**
 * The /console stream (contract §6): the device's log output as raw text frames, not
 * line-aligned. Writes collect in one 500-byte buffer shared by all clients (a write that
 * would fill it is dropped from the stream) and go out as soon as the buffer is non-empty.
 * No backlog: nothing is kept while nobody listens.
 */
import type { ConsoleLog } from '../console-log';
import { DEVICE_MAX_CLIENTS, SocketClients } from '@opendtu/server-kit/socket-fanout';

export const CONSOLE_BUFFER_BYTES = 500;

export class ConsoleHub {
  readonly clients: SocketClients;
  private buffer = '';
  private bytes = 0;
  private flushScheduled = false;
  private readonly onData = (text: string): void => this.write(text);

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

  private write(text: string): void {
    if (this.clients.size === 0 || this.muted()) return;
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
    if (text) this.clients.broadcast(text);
  }
}
