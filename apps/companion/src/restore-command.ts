/**
 * `opendtu-companion restore FILE`: puts a database backup (GET /companion/api/backup) in
 * place of the data folder's history, while no server uses the folder. A refused file
 * (damaged, not a companion database, a server running) leaves everything as it was.
 */
import type { LogLine } from './log';
import { restoreDatabase } from './recorder/db/restore';

export function restoreCommand(dataDir: string, file: string, log: LogLine): void {
  const { file: restored, previous } = restoreDatabase(dataDir, file);
  log(`Restored ${file} as ${restored}`);
  if (previous) log(`The database it replaced was kept as ${previous}`);
}
