// A test-only migration after the real ones: it writes enough to spill into the file (so a
// kill leaves a half-changed file and a journal) and, when asked, then waits inside its
// transaction until the test kills the process.
import { writeSync } from 'node:fs';
import { MIGRATIONS, type Migration } from '../src/recorder/db/migrations';

export const INSIDE = 'inside the migration';

export function withSlowMigration(wait: boolean): Migration[] {
  return [
    ...MIGRATIONS,
    {
      version: MIGRATIONS.length + 1,
      why: 'test only',
      up: (db) => {
        db.exec(`CREATE TABLE test_filler (x BLOB);
          INSERT INTO test_filler SELECT randomblob(4000) FROM
            (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT i FROM n);
          UPDATE day_energy SET wh = -1;
          DELETE FROM push_queue;`);
        if (!wait) return;
        writeSync(1, `${INSIDE}\n`);
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
      },
    },
  ];
}
