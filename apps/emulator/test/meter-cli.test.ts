import { describe, expect, it } from 'vitest';
import { parseCli, USAGE, type CliOptions } from '../src/cli';
import { parseMeterMqtt } from '../src/meter/meter-mqtt';

const meterOf = (argv: string[]): CliOptions['meter'] => (parseCli(argv) as CliOptions).meter;

describe('command line: --household, --household-seed, --meter-port, --meter-mqtt', () => {
  it('has no house and no meter unless asked', () => {
    expect(meterOf([])).toEqual({ port: undefined, mqtt: undefined, household: undefined });
  });

  it('reads the house, its seed and the meter port; a seed alone means a house', () => {
    expect(meterOf(['--household', '--meter-port', '0'])).toEqual({
      port: 0,
      mqtt: undefined,
      household: { seed: undefined },
    });
    expect(meterOf(['--household-seed', '42'])).toMatchObject({ household: { seed: 42 } });
    expect(() => meterOf(['--meter-port', '70000'])).toThrow(/meter-port/);
    expect(() => meterOf(['--household-seed', 'x'])).toThrow(/household-seed/);
    for (const option of ['--household', '--household-seed', '--meter-port', '--meter-mqtt']) {
      expect(USAGE).toContain(option);
    }
  });

  it('takes an MQTT broker with a topic and refuses anything else', () => {
    expect(meterOf(['--meter-mqtt', 'mqtt://broker:1884/tele/meter/SENSOR']).mqtt).toBe(
      'mqtt://broker:1884/tele/meter/SENSOR',
    );
    expect(parseMeterMqtt('mqtt://broker:1884/tele/meter/SENSOR')).toEqual({
      url: 'mqtt://broker:1884',
      topic: 'tele/meter/SENSOR',
    });
    for (const bad of ['mqtt://broker:1884', 'http://broker/topic', 'broker/topic']) {
      expect(() => meterOf(['--meter-mqtt', bad])).toThrow(/--meter-mqtt/);
    }
  });
});
