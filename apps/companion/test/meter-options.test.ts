import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../src/config/cli';
import { gridLine } from '../src/influx/line-protocol';
import { options, refusal } from './parse-options';

const owners = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  options(argv, env).meters.map(({ device, spec }) => [device, spec.kind, spec.url.href]);

describe('--meter (issue 45)', () => {
  it('is the device’s meter, from the command line, the environment or the config file', async () => {
    expect(owners(['--device', 'http://dtu', '--meter', 'shelly-pro-3em:http://192.168.1.60'])).toEqual([
      ['dtu', 'shelly-pro-3em', 'http://192.168.1.60/rpc/EM.GetStatus?id=0'],
    ]);
    expect(owners(['--device', 'http://dtu'], { OPENDTU_METER: 'shelly-3em:http://m' })).toEqual([
      ['dtu', 'shelly-3em', 'http://m/status'],
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'meter-options-'));
    try {
      const file = join(dir, 'companion.conf');
      await writeFile(file, 'device = http://dtu\nmeter = tasmota:http://t#SML.Power_curr\n');
      expect(owners(['--config', file])).toEqual([['dtu', 'tasmota', 'http://t/cm?cmnd=Status%2010']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The demo (no --device): its one device.
    expect(owners(['--meter', 'mqtt://broker/tele/meter/SENSOR#SML.Power_curr'])).toEqual([
      [undefined, 'mqtt', 'mqtt://broker'],
    ]);
    expect(USAGE).toContain('--meter <m>');
  });

  it('with several devices: a meter alone is the plant’s, a named one the device’s', () => {
    const devices = ['--device', 'roof=http://a', '--device', 'garage=http://b'];
    expect(
      owners([...devices, '--meter', 'shelly-pro-3em:http://house', '--meter', 'garage=shelly-3em:http://g']),
    ).toEqual([
      [undefined, 'shelly-pro-3em', 'http://house/rpc/EM.GetStatus?id=0'],
      ['garage', 'shelly-3em', 'http://g/status'],
    ]);
  });

  it('refuses what it cannot use, naming the option as it was written', () => {
    expect(refusal(['--device', 'http://dtu', '--meter', 'fridge:http://m'])).toMatch(
      /^--meter: unknown meter kind "fridge"/,
    );
    expect(refusal(['--device', 'http://dtu'], { OPENDTU_METER: 'http://m/status' })).toMatch(
      /^OPENDTU_METER: say where the power is/,
    );
    expect(
      refusal([
        '--device',
        'roof=http://a',
        '--device',
        'barn=http://b',
        '--meter',
        'shed=shelly-3em:http://m',
      ]),
    ).toBe('--meter: shed= names no device (the devices are roof, barn)');
    expect(
      refusal(['--device', 'http://dtu', '--meter', 'shelly-3em:http://a', '--meter', 'shelly-3em:http://b']),
    ).toBe('--meter: dtu is given two meters; a house has one');
  });
});

describe('the grid meter in InfluxDB', () => {
  it('is one line of power and the netted energy counted, the dtu tag with several devices', () => {
    const point = { t: 1780400000000, powerW: -812.5, importWh: 1234.56, exportWh: 987.04 };
    expect(gridLine(point)).toBe(
      'opendtu_grid power=-812.5,import_wh=1234.6,export_wh=987 1780400000000000000',
    );
    expect(gridLine(point, 'plant')).toBe(
      'opendtu_grid,dtu=plant power=-812.5,import_wh=1234.6,export_wh=987 1780400000000000000',
    );
  });
});
