import { EventEmitter } from 'node:events';
import type { Capabilities } from '@opendtu/api';

/** ESP-IDF log levels as the firmware prints them from v25.5.10 on. */
export type LogLevel = 'E' | 'W' | 'I' | 'D' | 'V';

/**
 * The firmware's message output: what it prints to the serial port and streams to the
 * /console WebSocket. Up to v25.4.10 a line is plain text ending CRLF; from v25.5.10 it
 * is ESP-IDF style, `I (<ms since boot>) <tag>: <text>`, ending LF.
 */
export class ConsoleLog extends EventEmitter<{ data: [text: string] }> {
  constructor(
    private readonly format: Capabilities['consoleFormat'] = 'crlf',
    private readonly uptimeMs: () => number = () => 0,
  ) {
    super();
  }

  write(text: string): void {
    this.emit('data', text);
  }

  /** One message; `tag` and `level` show in the ESP-IDF format only. */
  line(text: string, tag = 'main', level: LogLevel = 'I'): void {
    this.write(
      this.format === 'esp' ? `${level} (${Math.floor(this.uptimeMs())}) ${tag}: ${text}\n` : `${text}\r\n`,
    );
  }
}
