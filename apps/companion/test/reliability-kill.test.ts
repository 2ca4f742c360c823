import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  deviceDay,
  deviceTime,
  launchCompanion,
  startDevice,
  tempDir,
  until,
  wait,
  type TestDevice,
} from './helpers';
import { FLUSH_MS } from '../src/recorder/recorder';
import { openHistory } from './open-history';
import { seededRandom } from './seeded-random';

/**
 * Crash safety of the recorder: the real companion process records a device running 20x
 * fast on a summer day (several samples a second) and is killed with SIGKILL at a random moment, then the
 * next one starts on the same data folder. After every kill the database is whole
 * (SQLite's integrity check) and every sample the server had already served is still there.
 * How much recording a kill loses is a figure, printed, not asserted: it is the flush
 * interval (FLUSH_MS) plus the inverter data's age and however late a loaded machine runs
 * the process, which a test cannot bound honestly. KILL_ROUNDS sets the number of kills (the full run uses 200; the default keeps
 * CI fast).
 */
const ROUNDS = Number(process.env.KILL_ROUNDS ?? 8);
const SPEED = 20;
type Row = (number | null)[];

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function power(companion: string, day: string): Promise<Row[]> {
  const answer = (await call(`${companion}/companion/api/power?date=${day}`)).body as {
    inverters: { points: Row[] }[];
  };
  return answer.inverters.flatMap((inverter) => inverter.points);
}

/** The newest sample's time among points or rows (gap markers are not samples). */
function newestSample(points: (Row | { t: number })[]): number {
  return Math.max(0, ...points.map((point) => ('t' in point ? point.t : point[0]!)));
}

describe('SIGKILL while recording', () => {
  let device: TestDevice;
  beforeAll(async () => {
    // From the morning, 200 rounds stay within the day.
    device = await startDevice('2026-06-21T07:00', [
      '--speed',
      String(SPEED),
      '--push-interval',
      String(1000 / SPEED),
    ]);
  });
  afterAll(() => device?.remove());

  it(
    `leaves a readable database holding all but the last seconds, after each of ${ROUNDS} kills`,
    async () => {
      // The kill moments are drawn from a seed, told with a failure.
      const { random } = seededRandom();
      const dataDir = await tempDir('kill');
      const counts = { kills: 0, logLeft: 0, samples: 0, lossMs: [] as number[] };
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          const companion = await launchCompanion([
            '--device',
            device.url.href,
            '--data',
            dataDir,
            '--speed',
            String(SPEED),
          ]);
          await until(() => companion.output().includes('Receiving live data'), 30_000);
          // Recording has begun (the device's clock read, this server's first flush): a kill
          // before that has nothing of its own to lose. Then a moment anywhere within the next flushes (one every
          // FLUSH_MS, the recorder's stated window).
          const newest = async (): Promise<number> =>
            newestSample(await power(companion.url, await deviceDay(device.url)));
          const before = await newest();
          await until(async () => (await newest()) > before, 30_000);
          await wait(random() * FLUSH_MS);
          // What the server serves was written: it must survive the kill.
          const info = (await call(`${companion.url}/companion/api/info`)).body as {
            companion: { timezone: string };
          };
          expect(info.companion.timezone).not.toBe('');
          const served = await newest();
          const exited = new Promise((done) => companion.child.once('exit', done));
          await wait(random() * 1000);
          // The device's clock at the kill (it runs SPEED times faster).
          const killedAt = await deviceTime(device.url);
          companion.child.kill('SIGKILL');
          await exited;
          counts.kills += 1;
          // Its committed transactions still in the write-ahead log, not yet in the file.
          if (statSync(join(dataDir, 'history.sqlite-wal'), { throwIfNoEntry: false })?.size)
            counts.logLeft += 1;

          // Opening it does what the next start does: the stale lock goes, SQLite rolls back.
          const { store, connection, close } = openHistory(dataDir);
          try {
            expect(connection.integrityOk(), `round ${round}`).toBe(true);
            const kept = Math.max(
              ...store.inverters().map((inverter) => newestSample(store.power(inverter.id, 0, Infinity))),
            );
            expect(kept, `round ${round}: a served sample was lost`).toBeGreaterThanOrEqual(served);
            // What the kill lost, in real seconds (the device's clock runs SPEED times faster).
            counts.lossMs.push((killedAt - kept) / SPEED);
            counts.samples = store
              .inverters()
              .reduce((sum, inverter) => sum + store.power(inverter.id, 0, Infinity).length, 0);
          } finally {
            close();
          }
        }
        console.log(
          `${counts.kills} kills, ${counts.logLeft} left transactions in the write-ahead log (taken in at the next open); ` +
            `${counts.samples} samples on disk at the end, database whole every time, ` +
            `recording lost: median ${seconds(median(counts.lossMs))} s, at most ${seconds(Math.max(...counts.lossMs))} s`,
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    ROUNDS * 60_000,
  );
});
