// The MQTT meter reader against a real broker (Debian's Mosquitto, its own process) fed by
// the virtual DTU's grid meter (--meter-mqtt, Tasmota SML SENSOR messages every second):
// readings arrive with their time, a broker that goes away makes the meter fail (stale at
// once), and readings return with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMeterSpec } from '../src/control/meter';
import { isFresh, MeterSource } from '../src/control/meter-source';
import { startDemoDevice, type DemoDevice } from '../src/demo';
import { FIXTURE_WEBAPP, freePort, tempDir, until } from './helpers';

let brokerPort: number;
let brokerConfig: string;
let broker: ChildProcess | undefined;
let device: DemoDevice;

async function startBroker(): Promise<void> {
  const child = spawn('/usr/sbin/mosquitto', ['-c', brokerConfig], { stdio: 'ignore' });
  broker = child;
  await until(
    () =>
      new Promise<boolean>((done) => {
        if (child.exitCode !== null) throw new Error(`mosquitto ended (${child.exitCode})`);
        const socket = connect(brokerPort, '127.0.0.1');
        socket.once('connect', () => done(socket.destroy() !== undefined));
        socket.once('error', () => done(false));
      }),
    10_000,
    'mosquitto listening',
  );
}

async function stopBroker(): Promise<void> {
  const child = broker;
  broker = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  const dir = await tempDir('control-mqtt');
  brokerPort = await freePort();
  brokerConfig = join(dir, 'mosquitto.conf');
  await writeFile(
    brokerConfig,
    // As root mosquitto would switch to a user of its own; the test's user runs it.
    [`listener ${brokerPort} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'user root', ''].join(
      '\n',
    ),
  );
  await startBroker();
  // A clear sky and a fixed house: drawn from the DTU serial, which follows the temporary
  // folder's name, the morning would differ from run to run (a cloudy one exports nothing).
  device = await startDemoDevice(join(dir, 'device'), [
    ...['--webapp', FIXTURE_WEBAPP, '--weather', 'clear', '--household-seed', '32'],
    ...['--meter-mqtt', `mqtt://127.0.0.1:${brokerPort}/tele/meter/SENSOR`],
    ...['--time', '2026-06-21T10:30'],
  ]);
});

afterAll(async () => {
  await device?.stop();
  await stopBroker();
});

describe('the grid meter on MQTT', () => {
  it('reads the power at its path, fails while the broker is away, and reads again after', async () => {
    // The grid meter's recorder wants the counters too (issue 45): the SML message has them.
    const source = new MeterSource(
      parseMeterSpec(`mqtt://127.0.0.1:${brokerPort}/tele/meter/SENSOR#SML.Power_curr`),
      1000,
      Date.now,
      { counterMs: 1000 },
    );
    source.start();
    try {
      // Mid-morning in June the plant exports, once its inverters feed: the first messages
      // may come while they still connect to the grid (the house then imports).
      await until(() => (source.latest?.powerW ?? 0) < 0, 30_000, 'a reading of export');
      expect(isFresh(source.latest, source.error !== undefined, Date.now())).toBe(true);
      // Total_in and Total_out in kWh beside the power, in Wh here; the utility meter's: netted.
      expect(source.counters?.importWh).toBeGreaterThan(1e6);
      expect(source.counters?.exportWh).toBeGreaterThan(1e4);
      expect(source.netted).toBe(true);

      await stopBroker();
      await until(() => source.error !== undefined, 15_000, 'the failure noted');
      expect(isFresh(source.latest, true, Date.now())).toBe(false);

      const before = source.latest!.at;
      await startBroker();
      await until(() => source.error === undefined && source.latest!.at > before, 30_000, 'readings again');
    } finally {
      await source.stop();
    }
  }, 90_000);
});
