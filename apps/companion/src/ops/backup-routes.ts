/**
 * GET /companion/api/backup: a consistent copy of the history database, made while
 * recording goes on (recorder/db/backup.ts), for the admin only (the device's own check of
 * the credentials, as for tickets). The copy is written beside the database (same disk, so
 * no other folder must have room) and removed once sent; one at a time.
 */
import { createReadStream, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from './admin-only';
import type { DeviceClock } from '../device/clock';
import { copyDatabase } from '../recorder/db/backup';
import type { Connection } from '../recorder/db/connection';
import type { Recorder } from '../recorder/recorder';

const TEMP_PREFIX = '.backup-';

export interface BackupContext {
  connection: Connection;
  recorder: Recorder;
  access: DeviceAccess;
  clock: DeviceClock;
  dataDir: string;
}

/** Registers the route; answers what ends a copy under way (called before the database closes). */
export function registerBackup(app: FastifyInstance, context: BackupContext): { stop: () => Promise<void> } {
  const { connection, recorder, access, clock, dataDir } = context;
  // Copies a killed server left behind.
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(TEMP_PREFIX)) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
  let running: Promise<void> | undefined;
  let closing = false;

  app.get('/companion/api/backup', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    if (running)
      return reply.code(409).send({ message: 'A backup is being made; try again when it is done' });
    const target = join(dataDir, `${TEMP_PREFIX}${process.pid}-${Date.now()}.sqlite`);
    recorder.holdRollUp = true;
    running = copyDatabase(connection, target, { stopped: () => closing });
    try {
      await running;
    } catch (error) {
      request.log.error(error);
      return reply.code(connection.isDiskFull(error) ? 507 : 500).send({
        message: connection.isDiskFull(error)
          ? 'The disk is full: there is no room for the copy'
          : `The copy failed: ${(error as Error).message}`,
      });
    } finally {
      running = undefined;
      recorder.holdRollUp = false;
    }
    const day = clock.ready ? clock.day(clock.now()) : new Date().toISOString().slice(0, 10);
    const stream = createReadStream(target);
    stream.once('close', () => rmSync(target, { force: true }));
    return reply
      .type('application/vnd.sqlite3')
      .header('Content-Disposition', `attachment; filename="opendtu-history-${day}.sqlite"`)
      .header('Content-Length', statSync(target).size)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
  return {
    stop: async () => {
      closing = true;
      await running?.catch(() => undefined);
    },
  };
}
