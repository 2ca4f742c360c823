import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli';

describe('command line', () => {
  it('defaults to port 8080 on 127.0.0.1 with ./data', () => {
    const options = parseCli([], '/home/me');
    expect(options).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/home/me/data', speed: 1 });
  });

  it('takes --port, --host, --data, --webapp, --speed and --time', () => {
    const options = parseCli(
      [
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--data',
        'x',
        '--webapp',
        '/w',
        '--speed',
        '60',
        '--time',
        '2026-06-21T12:00:00Z',
      ],
      '/home/me',
    );
    expect(options).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/home/me/x',
      webappDir: '/w',
      speed: 60,
      start: { instant: Date.parse('2026-06-21T12:00:00Z') },
    });
  });

  it("reads --time without a zone as the device's own wall clock", () => {
    expect(parseCli(['--time', '2026-06-21T12:30'])).toMatchObject({
      start: { deviceLocal: { year: 2026, month: 6, day: 21, hour: 12, minute: 30, second: 0 } },
    });
    expect(parseCli(['--time', '2026-06-21T12:30+02:00'])).toMatchObject({
      start: { instant: Date.parse('2026-06-21T10:30:00Z') },
    });
  });

  it('takes the benchmark options --inverters and --push-interval', () => {
    expect(parseCli([])).toMatchObject({ inverters: undefined, pushIntervalMs: 1000 });
    expect(parseCli(['--inverters', '10', '--push-interval', '100'])).toMatchObject({
      inverters: 10,
      pushIntervalMs: 100,
    });
    expect(() => parseCli(['--inverters', '11'])).toThrow(/--inverters/);
    expect(() => parseCli(['--inverters', '2.5'])).toThrow(/--inverters/);
    expect(() => parseCli(['--push-interval', '0'])).toThrow(/--push-interval/);
  });

  it('serves 16 connections at once, as the device, unless --max-connections says otherwise', () => {
    expect(parseCli([])).toMatchObject({ maxConnections: 16 });
    expect(parseCli(['--max-connections', '64'])).toMatchObject({ maxConnections: 64 });
    expect(() => parseCli(['--max-connections', '0'])).toThrow(/--max-connections/);
  });

  it('refuses values it cannot use, with a message naming the option', () => {
    expect(() => parseCli(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCli(['--time', 'noon'])).toThrow(/--time/);
    expect(() => parseCli(['--bogus'])).toThrow();
  });
});
