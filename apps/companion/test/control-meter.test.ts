import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { maskedMeter, parseMeterSpec, powerAt } from '../src/control/meter';
import { isFresh, MeterSource } from '../src/control/meter-source';
import { parseControlOptions, type ControlOptionName } from '../src/control/options';
import { parseCli } from '../src/config/cli';
import { until } from './helpers';

describe('the meter as the owner names it', () => {
  it('knows the Shelly Pro 3EM, the Shelly 3EM and Tasmota by name', () => {
    expect(parseMeterSpec('shelly-pro-3em:http://192.168.1.60')).toMatchObject({
      kind: 'shelly-pro-3em',
      url: new URL('http://192.168.1.60/rpc/EM.GetStatus?id=0'),
      path: 'total_act_power',
    });
    expect(parseMeterSpec('shelly-3em:192.168.1.61')).toMatchObject({
      url: new URL('http://192.168.1.61/status'),
      path: 'total_power',
    });
    expect(parseMeterSpec('tasmota:http://meter.local')).toMatchObject({
      url: new URL('http://meter.local/cm?cmnd=Status%2010'),
      path: 'StatusSNS.SML.Power_curr',
    });
    expect(parseMeterSpec('tasmota:http://meter.local#Haus.Leistung').path).toBe('StatusSNS.Haus.Leistung');
  });

  it('reads any JSON over HTTP, and MQTT, with a path', () => {
    expect(parseMeterSpec('http://10.0.0.5/data.json#emeters[1].power')).toMatchObject({
      kind: 'http-json',
      url: new URL('http://10.0.0.5/data.json'),
      path: 'emeters.1.power',
    });
    const mqtt = parseMeterSpec('mqtt://me:secret@broker:1883/tele/meter/SENSOR#SML.Power_curr');
    expect(mqtt).toMatchObject({
      kind: 'mqtt',
      topic: 'tele/meter/SENSOR',
      path: 'SML.Power_curr',
      username: 'me',
      password: 'secret',
    });
    expect(maskedMeter(mqtt)).toBe('mqtt:mqtt://me:****@broker:1883/tele/meter/SENSOR#SML.Power_curr');
    expect(parseMeterSpec('mqtt://broker/power').path).toBe('');
  });

  it('refuses what cannot be read, saying why', () => {
    expect(() => parseMeterSpec('http://10.0.0.5/data.json')).toThrow(/where the power is/);
    expect(() => parseMeterSpec('mqtt://broker')).toThrow(/needs a topic/);
    expect(() => parseMeterSpec('fronius:http://x')).toThrow(/unknown meter kind "fronius"/);
    expect(() => parseMeterSpec('ftp://x/y#a')).toThrow(/must be given as/);
  });

  it('finds the power at its path, a number or a numeric text', () => {
    expect(powerAt({ StatusSNS: { SML: { Power_curr: -312 } } }, 'StatusSNS.SML.Power_curr')).toBe(-312);
    expect(powerAt({ emeters: [{ power: 1 }, { power: '2.5' }] }, 'emeters.1.power')).toBe(2.5);
    expect(powerAt('-42', '')).toBe(-42);
    expect(() => powerAt({ total: 1 }, 'total_power')).toThrow(/no total_power/);
    expect(() => powerAt({ total_power: null }, 'total_power')).toThrow(/not a number/);
  });

  it('calls a reading older than 30 s, or any while the meter fails, stale', () => {
    expect(isFresh({ powerW: 0, at: 0 }, false, 30_000)).toBe(true);
    expect(isFresh({ powerW: 0, at: 0 }, false, 30_001)).toBe(false);
    expect(isFresh({ powerW: 0, at: 0 }, true, 1)).toBe(false);
    expect(isFresh(undefined, false, 0)).toBe(false);
  });
});

describe('the meter read over HTTP', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('polls, keeps the reading with its time, and notes a failing meter', async () => {
    let answer: { status: number; body: string } = { status: 200, body: '{"total_power": -123.4}' };
    server = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    const source = new MeterSource(parseMeterSpec(`shelly-3em:http://127.0.0.1:${port}`), 100);
    source.start();
    try {
      await until(() => source.latest !== undefined, 5000, 'a reading');
      expect(source.latest!.powerW).toBe(-123.4);
      expect(Date.now() - source.latest!.at).toBeLessThan(30_000);
      answer = { status: 500, body: 'busy' };
      await until(() => source.error === 'HTTP 500', 5000, 'the failure noted');
      answer = { status: 200, body: '{"other": 1}' };
      await until(() => source.error === 'the answer has no total_power', 5000, 'the missing field noted');
      answer = { status: 200, body: '{"total_power": 50}' };
      await until(() => source.error === undefined && source.latest?.powerW === 50, 5000, 'back');
    } finally {
      await source.stop();
    }
  });
});

describe('the control options', () => {
  const parse = (values: Partial<Record<ControlOptionName, string>>) =>
    parseControlOptions(
      (name) => `--${name}`,
      (name) => values[name],
    );

  it('is off without a meter, and has the safe defaults with one', () => {
    expect(parse({})).toBeUndefined();
    expect(parse({ 'control-meter': 'shelly-3em:http://m' })).toMatchObject({
      targetW: 0,
      bandW: 25,
      intervalMs: 10_000,
      pollMs: 2000,
      inverters: 'all',
      fallback: 'before',
      waitOutSwitching: true,
    });
  });

  it('waits out loads that switch on and off unless told off', () => {
    const meter = 'shelly-3em:http://m';
    const wait = (text: string) =>
      parse({ 'control-meter': meter, 'control-wait-out-switching': text })?.waitOutSwitching;
    expect(wait('off')).toBe(false);
    expect(wait(' OFF ')).toBe(false);
    expect(wait('false')).toBe(false);
    expect(wait('on')).toBe(true);
    expect(wait('yes')).toBe(true);
    expect(() => wait('sometimes')).toThrow(
      '--control-wait-out-switching must be on or off, got "sometimes"',
    );
    expect(() => parse({ 'control-wait-out-switching': 'off' })).toThrow(
      '--control-wait-out-switching needs --control-meter',
    );
  });

  it('reads each option and refuses wrong values naming the option', () => {
    expect(
      parse({
        'control-meter': 'shelly-3em:http://m',
        'control-target': '30',
        'control-band': '10',
        'control-interval': '15',
        'control-inverters': '114181234569, 116491234568',
        'control-fallback': '600',
        'control-poll': '1',
      }),
    ).toMatchObject({
      targetW: 30,
      bandW: 10,
      intervalMs: 15_000,
      pollMs: 1000,
      inverters: ['114181234569', '116491234568'],
      fallback: 600,
    });
    expect(() => parse({ 'control-meter': 'shelly-3em:http://m', 'control-interval': '4' })).toThrow(
      '--control-interval must be a number from 5 to 3600, got "4"',
    );
    expect(() => parse({ 'control-meter': 'shelly-3em:http://m', 'control-inverters': 'roof' })).toThrow(
      /--control-inverters must list inverter serials/,
    );
    expect(() => parse({ 'control-target': '30' })).toThrow('--control-target needs --control-meter');
    expect(() => parse({ 'control-meter': 'http://m/x' })).toThrow(
      /^--control-meter: say where the power is/,
    );
  });
});

describe('the control options as the server reads them', () => {
  const cli = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const options = parseCli(['--device', 'http://192.168.1.50', ...argv], { env, demo: false });
    if (typeof options === 'string') throw new Error(options);
    return options.control;
  };

  it('takes them from flags and the environment, the flag first', () => {
    expect(cli([])).toBeUndefined();
    expect(
      cli(['--control-meter', 'shelly-pro-3em:http://192.168.1.60', '--control-target', '30'], {
        OPENDTU_CONTROL_TARGET: '10',
        OPENDTU_CONTROL_BAND: '15',
      }),
    ).toMatchObject({ targetW: 30, bandW: 15, meter: { kind: 'shelly-pro-3em' } });
    const meter = ['--control-meter', 'shelly-pro-3em:http://192.168.1.60'];
    expect(cli(meter, { OPENDTU_CONTROL_WAIT_OUT_SWITCHING: 'off' })).toMatchObject({
      waitOutSwitching: false,
    });
    expect(
      cli([...meter, '--control-wait-out-switching', 'on'], { OPENDTU_CONTROL_WAIT_OUT_SWITCHING: 'off' }),
    ).toMatchObject({ waitOutSwitching: true });
  });

  it('names a wrong one as it was given', () => {
    expect(() => cli(['--control-meter', 'shelly-3em:http://m'], { OPENDTU_CONTROL_INTERVAL: '2' })).toThrow(
      'OPENDTU_CONTROL_INTERVAL must be a number from 5 to 3600, got "2"',
    );
  });
});
