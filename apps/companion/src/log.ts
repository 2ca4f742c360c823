/**
 * The server's own log: one line per event or change of state, for a person at a terminal
 * or for journald. Lines below the chosen level are dropped; every line has the secrets
 * (device password, InfluxDB token) replaced before it is written, so no path to the log
 * can leak one. Under systemd (JOURNAL_STREAM set) each line starts with its syslog
 * priority (`<4>`), which journald turns into the entry's priority; at a terminal warnings
 * and errors are coloured; in a pipe or a file there are no colour codes.
 */
import type { Writable } from 'node:stream';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What the app's parts call: a line and how much it matters (default info). */
export type LogLine = (line: string, level?: LogLevel) => void;

const PRIORITY: Record<LogLevel, number> = { error: 3, warn: 4, info: 6, debug: 7 };
const COLOUR: Record<LogLevel, string> = { error: '31', warn: '33', info: '', debug: '2' };

export interface LoggerOptions {
  level: LogLevel;
  /** Texts that must never appear in a line (empty ones are ignored). */
  secrets?: readonly (string | undefined)[];
  out?: Writable & { isTTY?: boolean };
  err?: Writable & { isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
}

export interface Logger {
  log: LogLine;
  /** A line printed whatever the level (the address the server listens on). */
  always: (line: string) => void;
  /** Replaces every secret in a text (for other writers, such as Fastify's request log). */
  redact: (text: string) => string;
  /** Adds secrets learnt after the start (settings saved in the app). */
  hide: (secrets: readonly (string | undefined)[]) => void;
}

export function createLogger({
  level,
  secrets = [],
  out = process.stdout,
  err = process.stderr,
  env = process.env,
}: LoggerOptions): Logger {
  let hidden: string[] = [];
  const hide = (more: readonly (string | undefined)[]): void => {
    // Longest first: a secret that contains another is replaced whole.
    hidden = [...new Set([...hidden, ...more.filter((secret): secret is string => !!secret)])].sort(
      (a, b) => b.length - a.length,
    );
  };
  hide(secrets);
  const redact = (text: string): string =>
    hidden.reduce((result, secret) => result.split(secret).join('***'), text);
  const journal = !!env.JOURNAL_STREAM;
  const colours = (stream: { isTTY?: boolean }): boolean => !!stream.isTTY && !env.NO_COLOR;
  const threshold = LOG_LEVELS.indexOf(level);

  const write = (line: string, lineLevel: LogLevel): void => {
    const stream = lineLevel === 'error' || lineLevel === 'warn' ? err : out;
    const text = redact(line).replace(/\r?\n/g, ' ');
    let prefix = '';
    if (journal) prefix = `<${PRIORITY[lineLevel]}>`;
    else if (lineLevel !== 'info')
      prefix = colours(stream) ? `\x1b[${COLOUR[lineLevel]}m${lineLevel}:\x1b[0m ` : `${lineLevel}: `;
    stream.write(`${prefix}${text}\n`);
  };
  return {
    log: (line, lineLevel = 'info') => {
      if (LOG_LEVELS.indexOf(lineLevel) <= threshold) write(line, lineLevel);
    },
    always: (line) => write(line, 'info'),
    redact,
    hide,
  };
}
