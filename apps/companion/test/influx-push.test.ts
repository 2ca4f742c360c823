import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { HealthAnswer } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freePort, startCompanion, startDevice, tempDir, until } from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

/** The device's day: noon on it is daylight, and it is past, whenever the test runs. */
const DAY = '2026-06-21';

/** Debian's package (`npm test` installs it: scripts/test-programs.mjs). */
const VICTORIA_METRICS = process.env.VICTORIA_METRICS_PATH ?? '/usr/bin/victoria-metrics';

interface Series {
  metric: Record<string, string>;
  values: number[];
  timestamps: number[];
}

/** A real VictoriaMetrics on a free port with its own storage, stopped and started at will. */
class VictoriaMetrics {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    readonly storage: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      VICTORIA_METRICS,
      [
        `-httpListenAddr=127.0.0.1:${this.port}`,
        `-storageDataPath=${this.storage}`,
        // The device's day is fixed and in the past: a century keeps it within retention.
        '-retentionPeriod=100y',
        '-search.latencyOffset=0s',
        '-loggerLevel=ERROR',
      ],
      { stdio: 'ignore' },
    );
    await until(
      async () => {
        try {
          return (await fetch(`${this.url}/health`)).ok;
        } catch {
          return false;
        }
      },
      30_000,
      'VictoriaMetrics up',
    );
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }

  /** Every stored sample of the metrics whose name matches, within [start, end] (epoch ms). */
  async export(match: string, start: number, end: number): Promise<Series[]> {
    await fetch(`${this.url}/internal/force_flush`);
    const query = new URLSearchParams({
      'match[]': match,
      start: String(start / 1000),
      end: String(end / 1000),
    });
    const text = await (await fetch(`${this.url}/api/v1/export?${query}`)).text();
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Series);
  }
}

// The push to a time-series database for Grafana, checked against a real one.
describe('pushing samples as InfluxDB line protocol', () => {
  let device: TestDevice;
  let companion: TestCompanion;
  let victoria: VictoriaMetrics;
  beforeAll(async () => {
    if (!existsSync(VICTORIA_METRICS)) {
      throw new Error(
        `${VICTORIA_METRICS} is missing: run "node scripts/ensure-test-programs.mjs" (as root)`,
      );
    }
    victoria = new VictoriaMetrics(await freePort(), await tempDir('victoria'));
    await victoria.start();
    // Noon on a past day (VictoriaMetrics takes no samples from days ahead of its clock);
    // exports ask for that day's samples, whenever the test runs.
    device = await startDevice(`${DAY}T12:00`);
    companion = await startCompanion(device.url, { influxUrl: new URL(`${victoria.url}/write`) });
  });
  afterAll(async () => {
    await companion?.close();
    await device?.remove();
    await victoria?.stop();
    if (victoria) await rm(victoria.storage, { recursive: true, force: true });
  });

  /** The device's day as the companion records it: its AC power per inverter, and its bounds. */
  const dayPower = async () =>
    (await call(`${companion.url}/companion/api/power?date=${DAY}`)).body as {
      from: number;
      to: number;
      inverters: { serial: string; points: (number | null)[][] }[];
    };

  /** The companion's own record of AC power: [time, watts] per serial. */
  async function recorded(): Promise<Map<string, [number, number][]>> {
    const power = await dayPower();
    return new Map(
      power.inverters.map(({ serial, points }) => [
        serial,
        points.filter(([, ac]) => ac !== null).map(([t, ac]) => [t!, ac!] as [number, number]),
      ]),
    );
  }

  /** VictoriaMetrics' AC power: time -> watts per serial. */
  async function pushed(): Promise<Map<string, Map<number, number>>> {
    const { from, to } = await dayPower();
    const series = await victoria.export('opendtu_inverter_power_ac', from, to);
    return new Map(
      series.map((one) => [one.metric.serial!, new Map(one.timestamps.map((t, i) => [t, one.values[i]!]))]),
    );
  }

  it('writes every sample with its time, and back-fills after the database was down', async () => {
    await until(async () => (await pushed()).size === 3, 60_000, 'three inverters in VictoriaMetrics');
    const { from, to } = await dayPower();
    const strings = await victoria.export('opendtu_string_power', from, to);
    expect(strings.map((series) => series.metric.string).sort()).toContain('1');
    expect(strings[0]!.metric).toMatchObject({ serial: expect.any(String), name: expect.any(String) });

    await victoria.stop();
    const downSince = Math.max(...[...(await recorded()).values()].flat().map(([t]) => t));
    // Recording goes on while the database is away; the lines wait on disk.
    await until(
      async () => {
        const during = [...(await recorded()).values()].flat().filter(([t]) => t > downSince);
        return during.length >= 6;
      },
      60_000,
      'samples recorded while the database is down',
    );
    // They wait on disk for the database.
    await until(
      async () =>
        ((await call(`${companion.url}/companion/api/health`)).body as HealthAnswer).push_queue.length > 0,
      30_000,
      'lines waiting',
    );
    const stored = await recorded();
    await victoria.start();

    await until(
      async () => {
        const inDatabase = await pushed();
        return [...stored].every(([serial, points]) =>
          points.every(([t, ac]) => inDatabase.get(serial)?.get(t) === ac),
        );
      },
      90_000,
      'every recorded sample in VictoriaMetrics, the outage included',
    );
    const outage = [...stored.values()].flat().filter(([t]) => t > downSince).length;
    console.log(`${outage} samples recorded while VictoriaMetrics was down arrived after it came back`);
  }, 240_000);
});
