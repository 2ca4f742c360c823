import { EventEmitter } from 'node:events';

/**
 * The firmware's message output: what it prints to the serial port and streams to the
 * /console WebSocket. Lines end with CRLF as on the device.
 */
export class ConsoleLog extends EventEmitter<{ data: [text: string] }> {
  write(text: string): void {
    this.emit('data', text);
  }

  line(text: string): void {
    this.write(`${text}\r\n`);
  }
}
