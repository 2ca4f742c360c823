// --modbus and --modbus-write as the command line, the environment and the config file give
// them, and the one-line errors a wrong value gets (issue 44).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli, type CompanionOptions } from '../src/config/cli';
import { freshDir } from './helpers';

function options(argv: string[], env: NodeJS.ProcessEnv = {}): CompanionOptions {
  const parsed = parseCli(argv, { cwd: '/', env, demo: true });
  if (typeof parsed === 'string') throw new Error(`expected options, got ${parsed}`);
  return parsed;
}

describe('the Modbus options', () => {
  const dir = freshDir('modbus-options', 'all');

  it('are off without --modbus; a port alone listens on every network, read-only', () => {
    expect(options([]).modbus).toBeUndefined();
    expect(options(['--modbus', '1502']).modbus).toEqual({ host: '0.0.0.0', port: 1502, write: false });
    expect(options(['--modbus', '192.168.1.10:502', '--modbus-write', 'on']).modbus).toEqual({
      host: '192.168.1.10',
      port: 502,
      write: true,
    });
    expect(options(['--modbus', '[::1]:1502']).modbus).toMatchObject({ host: '::1', port: 1502 });
  });

  it('come from the environment and the config file too, the command line first', async () => {
    expect(options([], { OPENDTU_MODBUS: '1502', OPENDTU_MODBUS_WRITE: 'on' }).modbus).toEqual({
      host: '0.0.0.0',
      port: 1502,
      write: true,
    });
    const file = join(dir(), 'companion.conf');
    await writeFile(file, 'modbus = 127.0.0.1:1503\nmodbus-write = off\n');
    expect(options(['--config', file]).modbus).toEqual({ host: '127.0.0.1', port: 1503, write: false });
    expect(options(['--config', file, '--modbus-write', 'on']).modbus?.write).toBe(true);
  });

  it('say what is wrong in one line, named as written', () => {
    expect(() => options(['--modbus', '70000'])).toThrow(/^--modbus must be a port \(1502\) or host:port/);
    expect(() => options([], { OPENDTU_MODBUS: 'localhost' })).toThrow(/^OPENDTU_MODBUS must be a port/);
    expect(() => options(['--modbus', '1502', '--modbus-write', 'maybe'])).toThrow(
      '--modbus-write must be on or off, got "maybe"',
    );
    expect(() => options(['--modbus-write', 'on'])).toThrow(
      '--modbus-write needs --modbus (the port to serve on)',
    );
  });
});
