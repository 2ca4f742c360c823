/**
 * Sends what waits in the outbox, per channel in the order it was queued. A receiver that
 * is down (refused, timeout, not 2xx) is tried again with growing pauses, its messages
 * staying in the database meanwhile; the first 2xx is noted in its own transaction, so a
 * restart does not send it again. (A stop between the receiver's 2xx and that note sends
 * it once more: the webhook body's message_id lets a receiver drop it.) Channels that hold a
 * connection (MQTT) are opened at the first kick, with every alert's latest state to
 * publish again at each connect, and closed at the stop.
 */
import type { AlertWebhookBody } from '@opendtu/api';
import type { LogLine } from '../log';
import type { AlertStore, OutboxMessage, StoredAlert } from './alert-store';
import { deliver, type AlertBody, type Channel, type ReceiverAnswer, type SubjectState } from './channels';

const iso = (at: number): string => new Date(at).toISOString();

/** The alert as messages carry it (the webhook's `alert`), without its deliveries. */
export const bodyOf = (alert: StoredAlert): AlertBody => ({
  id: alert.id,
  rule: alert.rule,
  inverter: alert.serial === null ? null : { serial: alert.serial, name: alert.name ?? alert.serial },
  text: alert.text,
  started: iso(alert.started),
  ended: alert.ended === null ? null : iso(alert.ended),
});

export const RETRY_MS = [1000, 2000, 5000, 15_000, 30_000, 60_000, 300_000];

export class OutboxSender {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, number>();
  private stopped = false;
  private opened = false;

  constructor(
    private readonly store: AlertStore,
    private channels: readonly Channel[],
    private readonly toWebhook: (message: OutboxMessage) => AlertWebhookBody['alert'],
    private readonly log: LogLine,
    /** The longest pause between attempts (shorter in tests). */
    private readonly maxRetryMs = RETRY_MS.at(-1)!,
  ) {}

  /** Sends whatever waits, on every channel not pausing after a failure. */
  kick(): void {
    if (!this.opened && !this.stopped) {
      this.opened = true;
      for (const channel of this.channels) channel.start(() => this.statesNow());
    }
    for (const channel of this.channels) {
      if (this.stopped || this.running.has(channel.masked) || this.timers.has(channel.masked)) continue;
      const run = this.drain(channel).finally(() => this.running.delete(channel.masked));
      this.running.set(channel.masked, run);
    }
  }

  /**
   * The channels saved in the app: the ones gone stop (after a request under way) and are
   * closed, new ones open, and what waits is sent. A channel kept is the same object.
   */
  async setChannels(next: readonly Channel[]): Promise<void> {
    const gone = this.channels.filter((channel) => !next.includes(channel));
    const added = next.filter((channel) => !this.channels.includes(channel));
    this.channels = next;
    for (const { masked } of gone) {
      clearTimeout(this.timers.get(masked));
      this.timers.delete(masked);
      this.failures.delete(masked);
    }
    await Promise.all(gone.map(({ masked }) => this.running.get(masked)));
    await Promise.all(gone.map((channel) => channel.close()));
    if (this.opened) for (const channel of added) channel.start(() => this.statesNow());
    this.kick();
  }

  /** Stops retrying and waits for the requests under way (each ends within its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running.values());
    await Promise.all(this.channels.map((channel) => channel.close()));
  }

  /** Every rule's (and inverter's) state: its standing alerts and its newest, from the database. */
  private statesNow(): SubjectState[] {
    const states = new Map<string, SubjectState>();
    const alerts = [...this.store.past(), ...this.store.open()].sort((a, b) => a.id - b.id);
    for (const stored of alerts) {
      const alert = bodyOf(stored);
      const key = `${stored.rule} ${stored.serial ?? ''}`;
      const state = states.get(key) ?? { standing: [], latest: alert };
      state.latest = alert;
      if (stored.ended === null) state.standing.push(alert);
      states.set(key, state);
    }
    return [...states.values()];
  }

  private async drain(channel: Channel): Promise<void> {
    for (;;) {
      if (this.stopped || !this.channels.includes(channel)) return;
      let message: OutboxMessage | undefined;
      let answer: ReceiverAnswer;
      try {
        message = this.store.nextWaiting(channel.masked);
        if (!message) return;
        answer = await deliver(channel, {
          id: `${message.id}`,
          event: message.event,
          title: message.title,
          text: message.text,
          alert: this.toWebhook(message),
        });
        if (answer.ok) this.store.markSent(message.id, answer.answer);
        else this.store.markFailed(message.id, answer.answer);
      } catch (error) {
        // The database refused (a full disk): the message stays and is tried again later.
        answer = { ok: false, status: null, answer: (error as Error).message };
      }
      if (answer.ok) {
        if (this.failures.get(channel.masked)) this.log(`Alerts reach ${channel.masked} again`);
        this.failures.delete(channel.masked);
        continue;
      }
      const failures = (this.failures.get(channel.masked) ?? 0) + 1;
      this.failures.set(channel.masked, failures);
      const pause = Math.min(RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)]!, this.maxRetryMs);
      // One line when a receiver goes away, not one per attempt.
      if (failures === 1)
        this.log(
          `Alert message to ${channel.masked} not taken (${answer.answer}); retrying until it is`,
          'warn',
        );
      this.timers.set(
        channel.masked,
        setTimeout(() => {
          this.timers.delete(channel.masked);
          this.kick();
        }, pause),
      );
      return;
    }
  }
}
