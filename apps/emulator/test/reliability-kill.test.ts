import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, launchTestProcess, seededRandom } from './helpers';

/**
 * Issue 16, crash safety: the real emulator process (src/server.ts) saves settings in a
 * loop and is killed with SIGKILL at a random moment. After every kill config.json parses
 * and holds either the settings of the last acknowledged save or of the one in flight
 * (conventions: atomic writes), and the restarted device serves exactly what is on disk.
 * KILL_ROUNDS sets the number of kills (the full run uses 200; the default keeps CI fast).
 */

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 12);
/** A process start takes a second or two, far more on a busy machine. */
const TIMEOUT_MS = ROUNDS * 30_000;

const ntpSettings = (server: string): Record<string, unknown> => ({
  ntp_server: server,
  ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  ntp_timezone_descr: 'Europe/Berlin',
  latitude: 48.1,
  longitude: 11.6,
  sunsettype: 1,
});

async function save(base: string, server: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/api/ntp/config`, {
      method: 'POST',
      headers: { authorization: ADMIN_AUTH },
      body: new URLSearchParams({ data: JSON.stringify(ntpSettings(server)) }),
    });
    return ((await response.json()) as { code: number }).code === 1001;
  } catch {
    // The process died under the request.
    return false;
  }
}

describe('issue 16: SIGKILL during a loop of saves', () => {
  it(
    `config.json holds the old or the new settings after each of ${ROUNDS} kills`,
    async () => {
      const { random } = seededRandom();
      const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-sigkill-'));
      const counts = { kills: 0, saves: 0, inFlightOnDisk: 0 };
      let acknowledged: string | undefined;
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          const { child, url: base } = await launchTestProcess(dataDir, '2026-06-21T12:00');
          // The restarted device serves what the last kill left on disk.
          if (acknowledged !== undefined) {
            const served = await fetch(`${base}/api/ntp/config`, { headers: { authorization: ADMIN_AUTH } });
            expect(((await served.json()) as { ntp_server: string }).ntp_server).toBe(acknowledged);
          }
          const exited = new Promise((done) => child.once('exit', done));
          // The kill lands at a random moment once the loop of saves is running.
          const killAfter = Math.floor(random() * 200);
          let inFlight: string | undefined;
          let saves = 0;
          for (let n = 0; ; n += 1) {
            inFlight = `r${round}-s${n}`;
            if (!(await save(base, inFlight))) break;
            if (n === 0) setTimeout(() => child.kill('SIGKILL'), killAfter);
            acknowledged = inFlight;
            saves += 1;
          }
          await exited;
          counts.kills += 1;
          counts.saves += saves;
          const text = await readFile(join(dataDir, 'config.json'), 'utf8');
          const onDisk = (JSON.parse(text) as { ntp: { server: string } }).ntp.server;
          const allowed = [acknowledged ?? 'opendtu.pool.ntp.org', inFlight];
          expect(allowed, `round ${round}, killed after ${killAfter} ms`).toContain(onDisk);
          if (onDisk === inFlight) {
            counts.inFlightOnDisk += 1;
            acknowledged = inFlight;
          }
        }
        // No kill ever damaged the file: the device never had to set a broken copy aside.
        expect((await readdir(dataDir)).filter((name) => name.includes('damaged'))).toEqual([]);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
      console.log(
        `sigkill: ${counts.kills} kills (KILL_ROUNDS=${ROUNDS}), ${counts.saves} acknowledged saves; ` +
          `${counts.inFlightOnDisk} kills left the in-flight save on disk, the others the last acknowledged one`,
      );
    },
    TIMEOUT_MS,
  );
});
