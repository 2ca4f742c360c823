/**
 * Every SQL statement about alerts and their outbox (schema: migration 3). An alert is
 * raised or resolved in one transaction together with the messages it causes, so a crash
 * leaves either both or neither; a message is marked sent in its own transaction after the
 * receiver's 2xx, so a restart sends what waits and nothing that was taken.
 */
import type { AlertDelivery, AlertEvent, AlertRule } from '@opendtu/api';
import type { Connection, Row } from '../recorder/db/connection';

export interface StoredAlert {
  id: number;
  /** What the alert is about (rules.ts alertKey): at most one open per key. */
  key: string;
  rule: AlertRule;
  serial: string | null;
  name: string | null;
  text: string;
  started: number;
  ended: number | null;
}

export interface OutboxMessage {
  id: number;
  alert: number;
  event: AlertEvent;
  channel: string;
  title: string;
  text: string;
}

export interface Message {
  channel: string;
  title: string;
  text: string;
  /** Not sent before this (this machine's epoch ms): the end of the owner's quiet hours. */
  due?: number | undefined;
}

const alertOf = (row: Row): StoredAlert => ({
  id: Number(row.id),
  key:
    row.key === null
      ? `${String(row.rule)}:${row.serial === null ? '' : String(row.serial)}`
      : String(row.key),
  rule: String(row.rule) as AlertRule,
  serial: row.serial === null ? null : String(row.serial),
  name: row.name === null ? null : String(row.name),
  text: String(row.text),
  started: Number(row.started),
  ended: row.ended === null ? null : Number(row.ended),
});

export class AlertStore {
  constructor(
    private readonly connection: Connection,
    private readonly realNow: () => number = Date.now,
  ) {}

  private get db() {
    return this.connection.db;
  }

  open(): StoredAlert[] {
    return (this.db.all('SELECT * FROM alert WHERE ended IS NULL ORDER BY id') as Row[]).map(alertOf);
  }

  get(id: number): StoredAlert | undefined {
    const row = this.db.get('SELECT * FROM alert WHERE id = ?', id);
    return row ? alertOf(row as Row) : undefined;
  }

  past(limit = 100): StoredAlert[] {
    return (
      this.db.all('SELECT * FROM alert WHERE ended IS NOT NULL ORDER BY id DESC LIMIT ?', limit) as Row[]
    ).map(alertOf);
  }

  /** Inserts the alert and queues its messages, in one transaction. */
  raise(alert: Omit<StoredAlert, 'id' | 'ended'>, messages: Message[]): StoredAlert {
    return this.connection.transaction(() => {
      this.db.run('INSERT INTO alert (key, rule, serial, name, text, started) VALUES (?, ?, ?, ?, ?, ?)', [
        alert.key,
        alert.rule,
        alert.serial,
        alert.name,
        alert.text,
        alert.started,
      ]);
      const id = Number(this.db.get('SELECT last_insert_rowid() AS id')?.id);
      this.queue(id, 'raised', messages);
      return { ...alert, id, ended: null };
    });
  }

  /** Ends the alert and queues its messages, in one transaction. */
  resolve(id: number, ended: number, messages: Message[]): void {
    this.connection.transaction(() => {
      this.db.run('UPDATE alert SET ended = ? WHERE id = ? AND ended IS NULL', [ended, id]);
      this.queue(id, 'resolved', messages);
    });
  }

  /** Queues a reminder of an alert that stands (sent as another `raised` message). */
  remind(id: number, messages: Message[]): void {
    this.connection.transaction(() => this.queue(id, 'raised', messages));
  }

  private queue(alert: number, event: AlertEvent, messages: Message[]): void {
    for (const message of messages)
      this.db.run(
        'INSERT INTO alert_outbox (alert, event, channel, title, text, queued, due) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [alert, event, message.channel, message.title, message.text, this.realNow(), message.due ?? null],
      );
  }

  /** The oldest message still waiting for a channel whose time has come. */
  nextWaiting(channel: string): OutboxMessage | undefined {
    const row = this.db.get(
      'SELECT id, alert, event, channel, title, text FROM alert_outbox WHERE sent IS NULL AND channel = ? AND ifnull(due, 0) <= ? ORDER BY id LIMIT 1',
      [channel, this.realNow()],
    );
    return row
      ? {
          id: Number(row.id),
          alert: Number(row.alert),
          event: String(row.event) as AlertEvent,
          channel: String(row.channel),
          title: String(row.title),
          text: String(row.text),
        }
      : undefined;
  }

  /** When the first message held for the end of quiet hours becomes due (this machine's ms). */
  nextDue(): number | undefined {
    const row = this.db.get(
      'SELECT min(due) AS due FROM alert_outbox WHERE sent IS NULL AND due > ?',
      this.realNow(),
    );
    return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
  }

  markSent(id: number, answer: string): void {
    this.connection.transaction(() =>
      this.db.run('UPDATE alert_outbox SET sent = ?, answer = ?, attempts = attempts + 1 WHERE id = ?', [
        this.realNow(),
        answer,
        id,
      ]),
    );
  }

  markFailed(id: number, answer: string): void {
    this.db.run('UPDATE alert_outbox SET answer = ?, attempts = attempts + 1 WHERE id = ?', [answer, id]);
  }

  deliveries(alert: number): AlertDelivery[] {
    return (
      this.db.all(
        'SELECT event, channel, sent, attempts, answer FROM alert_outbox WHERE alert = ? ORDER BY id',
        alert,
      ) as Row[]
    ).map((row) => ({
      event: String(row.event) as AlertEvent,
      channel: String(row.channel),
      sent: row.sent === null ? null : new Date(Number(row.sent)).toISOString(),
      attempts: Number(row.attempts),
      last_answer: row.answer === null ? null : String(row.answer),
    }));
  }
}
