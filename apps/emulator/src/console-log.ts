import { EventEmitter } from 'node:events';
import type { Capabilities } from '@opendtu/api';

/** ESP-IDF log levels as the firmware prints them from v25.5.10 on. */
export type LogLevel = 'E' | 'W' | 'I' | 'D' | 'V';

/**
 * The firmware's message output: what it prints to the serial port and streams to the
 * /console WebSocket. Up to v25.4.10 a line is plain text ending CRLF; from v25.5.10 it
 * is ESP-IDF style, `I (<ms since boot>) <tag>: <text>`, ending LF.
 */
export class ConsoleLog extends EventEmitter<{ data: [text: string, at: number | undefined] }> {
  constructor(
    private readonly format: Capabilities['consoleFormat'] = 'crlf',
    private readonly uptimeMs: () => number = () => 0,
    /** The device clock (epoch ms): what `at` is measured on. */
    private readonly now: () => number = () => Date.now(),
  ) {
    super();
  }

  /** Raw output; `at`: the past device moment it belongs to, if not the present. */
  write(text: string, at?: number): void {
    this.emit('data', text, at);
  }

  /**
   * One message; `tag` and `level` show in the ESP-IDF format only. `at` is the device
   * moment it belongs to when that lies back (a poll turn the simulation catches up on):
   * its uptime is the one of that moment.
   */
  line(text: string, tag = 'main', level: LogLevel = 'I', at?: number): void {
    const uptime = Math.floor(this.uptimeMs() - (at === undefined ? 0 : Math.max(0, this.now() - at)));
    this.write(this.format === 'esp' ? `${level} (${uptime}) ${tag}: ${text}\n` : `${text}\r\n`, at);
  }
}
