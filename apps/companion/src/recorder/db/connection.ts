/**
 * The one connection to the history database (node-sqlite3-wasm: SQLite compiled to
 * WebAssembly, no native build; docs/internals/sqlite-wasm.md says why), shared by the
 * stores of each concern (history-store.ts, push-queue.ts). Rollback journal with full sync: a transaction is on
 * disk when its COMMIT returns, and a SIGKILL at any moment leaves the file as it was before
 * or after it, never half of it.
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type sqlite from 'node-sqlite3-wasm';

export type Database = InstanceType<typeof sqlite.Database>;
type SqliteStatement = ReturnType<Database['prepare']>;
type Values = Parameters<SqliteStatement['run']>[0];
/** Every query reads plain rows (never the `expand` form). */
export type Row = Record<string, number | string | bigint | null | Uint8Array>;
export const rows = (result: unknown): Row[] => result as Row[];

/**
 * A prepared statement that is prepared again after it failed: SQLite keeps a failed
 * statement's error until it is reset, and this binding then refuses to bind it again
 * (after a full disk, every later write would fail).
 */
export class Statement {
  private statement: SqliteStatement | undefined;

  constructor(
    private readonly db: Database,
    private readonly sql: string,
  ) {}

  private use<T>(work: (statement: SqliteStatement) => T): T {
    this.statement ??= this.db.prepare(this.sql);
    try {
      return work(this.statement);
    } catch (error) {
      this.finalize();
      throw error;
    }
  }

  run(values?: Values) {
    return this.use((statement) => statement.run(values));
  }

  get(values?: Values) {
    return this.use((statement) => statement.get(values));
  }

  all(values?: Values) {
    return this.use((statement) => statement.all(values));
  }

  finalize(): void {
    const statement = this.statement;
    this.statement = undefined;
    try {
      statement?.finalize();
    } catch {
      // SQLite answers a finalize with the failed step's error again; the statement is gone.
    }
  }
}

/** Below this much free space a failed write is taken for a full disk. */
const FULL_DISK_BYTES = 1024 * 1024;

export class Connection {
  private readonly statements: Statement[] = [];

  constructor(
    readonly db: Database,
    readonly file: string,
    private readonly release: () => void,
    /** Test only: caps the file at this many pages, a full disk without filling one. */
    private readonly cap?: { pages: number },
  ) {}

  prepare(sql: string): Statement {
    const statement = new Statement(this.db, sql);
    this.statements.push(statement);
    return statement;
  }

  /** Runs `work` in one transaction: all of it is on disk when this returns, or none. */
  transaction<T>(work: () => T): T {
    if (this.cap) this.db.exec(`PRAGMA max_page_count = ${this.cap.pages}`);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      // SQLite may have rolled back by itself (a full disk, an I/O error).
      if (this.db.inTransaction) {
        try {
          this.db.exec('ROLLBACK');
        } catch {
          // The journal beside the file still rolls it back at the next access.
        }
      }
      throw error;
    }
  }

  /** Whether the file is whole (SQLite's own check). */
  integrityOk(): boolean {
    return this.db.get('PRAGMA integrity_check')?.integrity_check === 'ok';
  }

  /**
   * Whether an error of a write means the disk (or the test's cap) is full. SQLite says so
   * for its own limit; the WebAssembly build's file layer reports a failed write as an I/O
   * error, so then the free space decides.
   */
  isDiskFull(error: unknown): boolean {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('database or disk is full')) return true;
    if (!message.includes('disk I/O error')) return false;
    try {
      const space = statfsSync(dirname(this.file));
      return space.bavail * space.bsize < FULL_DISK_BYTES;
    } catch {
      return false;
    }
  }

  close(): void {
    for (const statement of this.statements) statement.finalize();
    this.statements.length = 0;
    this.db.close();
    this.release();
  }
}
