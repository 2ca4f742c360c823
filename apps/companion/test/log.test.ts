import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, type LoggerOptions } from '../src/log';

/** A stream that keeps what was written, a terminal or not. */
function sink(isTTY: boolean): Writable & { isTTY: boolean; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { isTTY, text: () => text });
}

function logger(options: Partial<LoggerOptions> & { tty?: boolean } = {}) {
  const out = sink(options.tty ?? false);
  const err = sink(options.tty ?? false);
  const made = createLogger({ level: 'info', env: {}, ...options, out, err });
  return { ...made, out, err };
}

describe('the log', () => {
  it('drops lines below its level; warnings and errors go to stderr', () => {
    const { log, out, err } = logger({ level: 'warn' });
    log('Receiving live data');
    log('details', 'debug');
    log('The device does not answer', 'warn');
    log('cannot write', 'error');
    expect(out.text()).toBe('');
    expect(err.text()).toBe('warn: The device does not answer\nerror: cannot write\n');
  });

  it('shows debug lines at debug, info lines without a prefix', () => {
    const { log, out } = logger({ level: 'debug' });
    log('Receiving live data');
    log('frame', 'debug');
    expect(out.text()).toBe('Receiving live data\ndebug: frame\n');
  });

  it('colours the level only at a terminal, and not with NO_COLOR', () => {
    const tty = logger({ tty: true });
    tty.log('The device does not answer', 'warn');
    expect(tty.err.text()).toBe('\x1b[33mwarn:\x1b[0m The device does not answer\n');
    const noColour = logger({ tty: true, env: { NO_COLOR: '1' } });
    noColour.log('The device does not answer', 'warn');
    expect(noColour.err.text()).toBe('warn: The device does not answer\n');
  });

  it('gives journald the priority of each line', () => {
    const { log, out, err } = logger({ env: { JOURNAL_STREAM: '8:1234' }, tty: true });
    log('Receiving live data');
    log('The device does not answer', 'warn');
    log('cannot write', 'error');
    expect(out.text()).toBe('<6>Receiving live data\n');
    expect(err.text()).toBe('<4>The device does not answer\n<3>cannot write\n');
  });

  it('never writes a secret, and writes one line per call', () => {
    const { log, always, redact, out } = logger({ secrets: ['pw', 'pw-long', undefined, ''] });
    log('refused pw-long and pw\nsecond line');
    always('listening with pw');
    expect(out.text()).toBe('refused *** and *** second line\nlistening with ***\n');
    expect(redact('{"url":"/?p=pw"}')).toBe('{"url":"/?p=***"}');
  });
});
