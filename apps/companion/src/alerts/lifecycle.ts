/**
 * The alerts' lifecycle: a finding raised once (stored, told on every channel), a cleared one
 * resolved (told), a standing one told again after the reminder's hours, and messages held
 * back in quiet hours (MQTT excepted) until they end. Open alerts come from the store, so a
 * restart neither forgets one nor raises it again.
 */
import type { DeviceClock } from '../device/clock';
import type { LogLine } from '../log';
import type { AlertStore, Message, StoredAlert } from './alert-store';
import type { Channel } from './channels';
import { forDevice, raisedWords, reminderWords, resolvedWords, type Words } from './messages';
import { quietUntil } from './quiet-hours';
import { judgedNow, MINUTE_MS, type AlertSettings, type Verdict } from './rules';

export interface LifecycleContext {
  store: AlertStore;
  clock: DeviceClock;
  log: LogLine;
  settings: () => AlertSettings;
  channels: () => readonly Channel[];
  /** The judged hours today, for reminders. */
  daylight: () => { from: number; to: number } | undefined;
  realNow: () => number;
  /** The device's name when the companion fronts several: every message names it. */
  device?: string | undefined;
}

export class AlertLifecycle {
  readonly open = new Map<string, StoredAlert>();
  /** Device time each open alert is told again (with --alert-reminder-hours). */
  private readonly remindAt = new Map<string, number>();
  /** This machine's time a message waiting for the end of quiet hours becomes due. */
  private kickAt: number | undefined;

  constructor(private readonly context: LifecycleContext) {
    for (const alert of context.store.open()) this.open.set(alert.key, alert);
    this.kickAt = context.store.nextDue();
  }

  /** The open alerts' keys that start with `prefix`. */
  openKeys(prefix: string): string[] {
    return [...this.open.keys()].filter((key) => key.startsWith(prefix));
  }

  /** Raises what stands and is not open, resolves what is open and cleared; true when anything changed. */
  apply(verdict: Verdict, now: number): boolean {
    const { store, clock, log } = this.context;
    let changed = false;
    for (const finding of verdict.standing) {
      if (this.open.has(finding.key)) continue;
      const words = raisedWords(finding, clock);
      const alert = store.raise(
        {
          key: finding.key,
          rule: finding.rule,
          serial: finding.inverter?.serial ?? null,
          name: finding.inverter?.name ?? null,
          text: words.text,
          started: finding.since,
        },
        this.messages(words, now),
      );
      log(`Alert: ${words.text}`, 'warn');
      changed = true;
      // Already over (an event that ended): kept as a past alert, told once.
      if (finding.over !== undefined) store.resolve(alert.id, Math.max(finding.over, finding.since), []);
      else this.open.set(finding.key, alert);
    }
    for (const key of verdict.cleared) {
      const alert = this.open.get(key);
      if (!alert) continue;
      const words = resolvedWords(alert, now, clock);
      store.resolve(alert.id, now, this.messages(words, now));
      this.forget(key);
      log(`Alert resolved: ${words.text}`);
      changed = true;
    }
    return changed;
  }

  /** Closes quietly the open alerts of rules switched off: nobody watches them any more. */
  closeSwitchedOff(settings: AlertSettings): void {
    const { clock, store, log } = this.context;
    for (const [key, alert] of this.open) {
      if (settings.rules[alert.rule].enabled) continue;
      store.resolve(alert.id, clock.ready ? clock.now() : alert.started, []);
      this.forget(key);
      log(`Alert closed, its rule is switched off: ${alert.text}`);
    }
  }

  /** Tells again, by day, an alert that stood the reminder's hours since it was last told. */
  remind(now: number): boolean {
    const hours = this.context.settings().reminderHours;
    if (!hours) return false;
    let changed = false;
    for (const [key, alert] of this.open) {
      const at = this.remindAt.get(key) ?? Math.max(alert.started, now) + hours * 60 * MINUTE_MS;
      this.remindAt.set(key, at);
      if (now < at || !judgedNow({ now, daylight: this.context.daylight() })) continue;
      this.context.store.remind(alert.id, this.messages(reminderWords(alert, this.context.clock), now));
      this.remindAt.set(key, now + hours * 60 * MINUTE_MS);
      changed = true;
    }
    return changed;
  }

  /** Whether messages held in quiet hours became due now (the outbox may send them). */
  quietEnded(): boolean {
    if (this.kickAt === undefined || this.context.realNow() < this.kickAt) return false;
    this.kickAt = this.context.store.nextDue();
    return true;
  }

  private forget(key: string): void {
    this.open.delete(key);
    this.remindAt.delete(key);
  }

  private messages(words: Words, now: number): Message[] {
    const { clock } = this.context;
    const channels = this.context.channels();
    const quietEnd = quietUntil(now, clock.zone, this.context.settings().quietHours);
    const due = quietEnd === undefined ? undefined : this.context.realNow() + (quietEnd - now) / clock.speed;
    // Quiet hours keep people asleep; an MQTT state feeds automations (Home Assistant), which
    // should see the plant as it is at once.
    const waits = (channel: Channel): boolean => due !== undefined && channel.kind !== 'mqtt';
    if (channels.some(waits)) this.kickAt = Math.min(this.kickAt ?? Infinity, due!);
    return channels.map((channel) => ({
      channel: channel.masked,
      ...forDevice(words, this.context.device),
      due: waits(channel) ? due : undefined,
    }));
  }
}
