/**
 * Watches what the companion sees (live frames, the device's socket, its clock and sun
 * times), judges the rules once a second and raises or resolves alerts. Open alerts are
 * read from the database at start, so a restart neither forgets one nor raises it again.
 */
import type { DeviceClock } from '../device/clock';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import { samplesOf } from '../recorder/sample';
import type { AlertStore, StoredAlert } from './alert-store';
import type { Channel } from './channels';
import { raisedWords, resolvedWords, type Words } from './messages';
import { alertKey, daylightOf, judge, type AlertSettings, type InverterSeen } from './rules';

const TICK_MS = 1000;

export class AlertWatcher {
  private readonly inverters = new Map<string, InverterSeen>();
  private readonly open = new Map<string, StoredAlert>();
  /** This machine's time the DTU's socket went down (it is not up before it connects). */
  private downSinceReal: number | undefined;
  /** This machine's time the DTU's socket came up. */
  private upSinceReal: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The database refused the last write (said once, not every second). */
  private refused = false;

  constructor(
    private readonly store: AlertStore,
    private readonly clock: DeviceClock,
    upstream: UpstreamSocket,
    private readonly channels: readonly Channel[],
    readonly settings: AlertSettings,
    private readonly log: LogLine,
    private readonly afterChange: () => void,
    private readonly realNow: () => number = Date.now,
  ) {
    for (const alert of store.open()) this.open.set(alertKey(alert.rule, alert.serial), alert);
    this.downSinceReal = upstream.state === 'up' ? undefined : realNow();
    this.upSinceReal = upstream.state === 'up' ? realNow() : undefined;
    upstream.on('state', (state) => {
      if (state === 'up') {
        this.downSinceReal = undefined;
        this.upSinceReal ??= this.realNow();
      } else {
        this.downSinceReal ??= this.realNow();
        this.upSinceReal = undefined;
      }
    });
    upstream.on('frame', (text, arrival) => this.ingest(text, arrival));
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Today's judged hours, on the device's clock. */
  daylight(): { from: number; to: number } | undefined {
    return this.clock.ready ? daylightOf(this.clock.sun, this.settings.twilightMinutes) : undefined;
  }

  private ingest(text: string, arrival: number): void {
    if (!this.clock.ready) return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    const now = this.clock.now(arrival);
    for (const sample of samplesOf(frame, now)) {
      const seen = this.inverters.get(sample.serial);
      const producing = sample.producing || (sample.ac ?? 0) > 0;
      if (!seen) {
        this.inverters.set(sample.serial, {
          serial: sample.serial,
          name: sample.name,
          dataAt: sample.t,
          producedAt: producing ? sample.t : undefined,
          firstSeen: now,
        });
        continue;
      }
      seen.name = sample.name;
      seen.dataAt = Math.max(seen.dataAt, sample.t);
      if (producing) seen.producedAt = Math.max(seen.producedAt ?? sample.t, sample.t);
    }
  }

  private tick(): void {
    if (!this.clock.ready) return;
    const now = this.clock.now();
    const verdict = judge(
      {
        now,
        daylight: this.daylight(),
        dtuDownSince: this.downSinceReal === undefined ? undefined : this.clock.now(this.downSinceReal),
        dtuUpSince: this.upSinceReal === undefined ? undefined : this.clock.now(this.upSinceReal),
        inverters: [...this.inverters.values()],
      },
      this.settings,
    );
    let changed = false;
    try {
      for (const finding of verdict.standing) {
        if (this.open.has(finding.key)) continue;
        const words = raisedWords(finding, this.clock);
        const alert = this.store.raise(
          {
            rule: finding.rule,
            serial: finding.inverter?.serial ?? null,
            name: finding.inverter?.name ?? null,
            text: words.text,
            started: finding.since,
          },
          this.messages(words),
        );
        this.open.set(finding.key, alert);
        this.log(`Alert: ${words.text}`, 'warn');
        changed = true;
      }
      for (const key of verdict.cleared) {
        const alert = this.open.get(key);
        if (!alert) continue;
        const words = resolvedWords(alert, now, this.clock);
        this.store.resolve(alert.id, now, this.messages(words));
        this.open.delete(key);
        this.log(`Alert resolved: ${words.text}`);
        changed = true;
      }
      this.refused = false;
    } catch (error) {
      // Not written (a full disk): nothing changed, the next tick tries again.
      if (!this.refused)
        this.log(`Alerts could not be stored (${(error as Error).message}); trying again`, 'warn');
      this.refused = true;
    }
    if (changed) this.afterChange();
  }

  private messages(words: Words) {
    return this.channels.map((channel) => ({ channel: channel.masked, ...words }));
  }
}
