/**
 * Line protocol waiting for the InfluxDB target (influx/pusher.ts), kept in the history
 * database so it survives an outage of the target and restarts of this server. Every SQL
 * statement about the queue is here.
 */
import type { Connection } from './connection';

export class PushQueue {
  constructor(
    private readonly connection: Connection,
    private readonly now: () => number = Date.now,
  ) {}

  private get db() {
    return this.connection.db;
  }

  /** Queues a batch of lines (in the caller's transaction, the recorder's). */
  add(lines: string): void {
    this.db.run('INSERT INTO push_queue (lines, queued) VALUES (?, ?)', [lines, this.now()]);
  }

  /** The oldest queued batches, up to about `maxBytes`. */
  next(maxBytes: number): { last: number; lines: string[] } | undefined {
    const lines: string[] = [];
    let last = 0;
    let bytes = 0;
    for (const row of this.db.all('SELECT id, lines FROM push_queue ORDER BY id LIMIT 200')) {
      if (bytes > 0 && bytes + String(row.lines).length > maxBytes) break;
      lines.push(String(row.lines));
      bytes += String(row.lines).length;
      last = Number(row.id);
    }
    return lines.length ? { last, lines } : undefined;
  }

  /**
   * Drops the batches up to `last`, which the target took. On a full disk (even a delete
   * needs its journal) they stay and are sent again later: the target takes the same
   * points at the same times as one.
   */
  done(last: number): void {
    try {
      this.db.run('DELETE FROM push_queue WHERE id <= ?', last);
    } catch (error) {
      if (!this.connection.isDiskFull(error)) throw error;
    }
  }

  length(): number {
    return Number(this.db.get('SELECT count(*) AS n FROM push_queue')?.n ?? 0);
  }

  /** When the oldest batch still waiting was queued (undefined: none, or queued before schema 2). */
  oldestQueuedAt(): number | undefined {
    const queued = this.db.get('SELECT queued FROM push_queue ORDER BY id LIMIT 1')?.queued;
    return typeof queued === 'number' ? queued : undefined;
  }
}
