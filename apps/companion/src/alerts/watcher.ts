/**
 * Watches what the companion sees (live frames, the device's socket, its clock and sun
 * times, its command states and event logs, the InfluxDB push, the recorded day energy),
 * judges the rules once a second and raises or resolves alerts. Open alerts are read from
 * the database at start, so a restart neither forgets one nor raises it again.
 */
import { isLiveInverterFull, readLiveInverters } from '@opendtu/api';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import { samplesOf } from '../recorder/sample';
import type { AlertStore, Message, StoredAlert } from './alert-store';
import type { Channel } from './channels';
import { judgeCommands, trackCommand, type CommandSeen } from './command-rule';
import { readCommandStates, readEventLog } from './device-reads';
import { ENERGY_DAYS, judgeEnergy } from './energy-rule';
import { judgeEventLog, type EventLogSeen } from './eventlog-rule';
import { forDevice, raisedWords, reminderWords, resolvedWords, type Words } from './messages';
import { quietUntil } from './quiet-hours';
import {
  alertKey,
  daylightOf,
  judge,
  judgedNow,
  MINUTE_MS,
  type AlertSettings,
  type InverterSeen,
  type Verdict,
} from './rules';
import { judgeStrings, trackStrings, type StringSeen } from './string-rule';
import { judgeThresholds, trackTemperature } from './threshold-rules';

const TICK_MS = 1000;
/**
 * Real ms between looks at the command states while one is under way, and otherwise: a
 * limit sent past this server (a script, Home Assistant) is found within the idle pause,
 * so it is short; the states are two small answers the device keeps in memory.
 */
const COMMAND_WATCH_MS = 15_000;
const COMMAND_IDLE_MS = 20_000;
/** Real ms the command states are watched closely after a command went through this server. */
const COMMAND_FOLLOW_MS = 600_000;
/** Device ms without production after which an inverter's next production is a new day. */
const NIGHT_MS = 3 * 3_600_000;

export interface WatcherContext {
  store: AlertStore;
  clock: DeviceClock;
  upstream: UpstreamSocket;
  link: DeviceLink;
  channels: readonly Channel[];
  settings: AlertSettings;
  log: LogLine;
  /** Something was queued, or its quiet hours ended: the outbox may send. */
  afterChange: () => void;
  /** The InfluxDB push, when one is configured: since when (real ms) its target fails. */
  influx?: { readonly failingSince: number | undefined } | undefined;
  /** The recorded energy (Wh) per inverter and day (the history store's). */
  dayEnergy?: ((from: string, to: string) => { day: string; wh: number }[]) | undefined;
  realNow?: () => number;
  /** The device's name when the companion fronts several: every message names it. */
  device?: string | undefined;
}

export class AlertWatcher {
  private readonly inverters = new Map<string, InverterSeen>();
  private readonly strings = new Map<string, StringSeen>();
  private readonly commands = new Map<string, CommandSeen>();
  private readonly eventLogs = new Map<string, EventLogSeen>();
  private readonly open = new Map<string, StoredAlert>();
  /** Device time each open alert is told again (with --alert-reminder-hours). */
  private readonly remindAt = new Map<string, number>();
  /** Verdicts of the device reads, judged at the next tick. */
  private readonly found: Verdict[] = [];
  /** This machine's time the DTU's socket went down (it is not up before it connects). */
  private downSinceReal: number | undefined;
  /** This machine's time the DTU's socket came up. */
  private upSinceReal: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The database refused the last write (said once, not every second). */
  private refused = false;
  private reading = false;
  private nextCommandRead = 0;
  private followCommandsUntil = 0;
  private readonly nextEventLogRead = new Map<string, number>();
  private energyDay: string | undefined;
  /** This machine's time a message waiting for the end of quiet hours becomes due. */
  private kickAt: number | undefined;
  private readonly realNow: () => number;

  constructor(private context: WatcherContext) {
    const { store, upstream } = context;
    this.realNow = context.realNow ?? Date.now;
    for (const alert of store.open()) this.open.set(alert.key, alert);
    this.kickAt = store.nextDue();
    const now = this.realNow();
    this.downSinceReal = upstream.state === 'up' ? undefined : now;
    this.upSinceReal = upstream.state === 'up' ? now : undefined;
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

  get settings(): AlertSettings {
    return this.context.settings;
  }

  get channels(): readonly Channel[] {
    return this.context.channels;
  }

  /**
   * Settings saved in the app: judged from the next tick, told on these channels from now.
   * An open alert whose rule is now switched off is closed at once, quietly: nobody watches
   * it any more, and a "resolved" message would claim the fault is gone.
   */
  configure(settings: AlertSettings, channels: readonly Channel[]): void {
    this.context = { ...this.context, settings, channels };
    const { clock, store, log } = this.context;
    for (const [key, alert] of this.open) {
      if (settings.rules[alert.rule].enabled) continue;
      store.resolve(alert.id, clock.ready ? clock.now() : alert.started, []);
      this.open.delete(key);
      this.remindAt.delete(key);
      log(`Alert closed, its rule is switched off: ${alert.text}`);
    }
    this.context.afterChange();
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** A limit or power command went through this server: its outcome is watched closely. */
  commandSent(): void {
    this.followCommandsUntil = this.realNow() + COMMAND_FOLLOW_MS;
    this.nextCommandRead = Math.min(this.nextCommandRead, this.realNow() + TICK_MS);
  }

  /** Today's judged hours, on the device's clock. */
  daylight(): { from: number; to: number } | undefined {
    const { clock, settings } = this.context;
    return clock.ready ? daylightOf(clock.sun, settings.twilightMinutes) : undefined;
  }

  private ingest(text: string, arrival: number): void {
    const { clock, settings } = this.context;
    if (!clock.ready) return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    const now = clock.now(arrival);
    const hot = settings.rules['inverter-hot'].threshold ?? Infinity;
    for (const sample of samplesOf(frame, now)) {
      const producing = sample.producing || (sample.ac ?? 0) > 0;
      let seen = this.inverters.get(sample.serial);
      if (!seen) {
        seen = {
          serial: sample.serial,
          name: sample.name,
          dataAt: sample.t,
          producedAt: producing ? sample.t : undefined,
          firstSeen: now,
        };
        this.inverters.set(sample.serial, seen);
      } else {
        seen.name = sample.name;
        seen.dataAt = Math.max(seen.dataAt, sample.t);
        // Waking after a night (hours without production): today's peak starts again.
        if (producing && (seen.producedAt === undefined || sample.t - seen.producedAt > NIGHT_MS))
          seen.peakW = undefined;
        if (producing) seen.producedAt = Math.max(seen.producedAt ?? sample.t, sample.t);
      }
      if (producing && sample.ac !== null) {
        seen.producedW = sample.ac;
        seen.peakW = Math.max(seen.peakW ?? 0, sample.ac);
      }
      seen.reachable = sample.reachable;
      trackTemperature(seen, sample.temperature, sample.t, hot);
    }
    const daylight = this.daylight();
    if (!daylight || !judgedNow({ now, daylight })) return;
    const share = settings.rules['string-weak'].threshold ?? 0.5;
    const noon = (daylight.from + daylight.to) / 2;
    for (const inverter of readLiveInverters(frame)) {
      if (!isLiveInverterFull(inverter) || !inverter.DC) continue;
      const name = typeof inverter.name === 'string' ? inverter.name : inverter.serial;
      trackStrings(
        this.strings,
        { serial: inverter.serial, name, dc: inverter.DC },
        Math.round(now - inverter.data_age_ms),
        share,
        noon,
      );
    }
  }

  private tick(): void {
    const { clock, settings, store } = this.context;
    if (!clock.ready) return;
    const now = clock.now();
    const daylight = this.daylight();
    const state = {
      now,
      daylight,
      dtuDownSince: this.downSinceReal === undefined ? undefined : clock.now(this.downSinceReal),
      dtuUpSince: this.upSinceReal === undefined ? undefined : clock.now(this.upSinceReal),
      inverters: [...this.inverters.values()],
    };
    const failing = this.context.influx?.failingSince;
    const verdicts = [
      judge(state, settings),
      judgeStrings(this.strings.values(), state, settings),
      judgeCommands(this.commands.values(), state, settings),
      judgeThresholds({ ...state, influxFailingSince: failing && clock.now(failing) }, settings),
      ...this.found.splice(0),
    ];
    const energy = this.lookAtEnergy(now, daylight);
    if (energy) verdicts.push(energy);
    let changed = false;
    try {
      for (const verdict of verdicts) changed = this.apply(verdict, now) || changed;
      changed = this.remind(now) || changed;
      this.refused = false;
    } catch (error) {
      // Not written (a full disk): nothing changed, the next tick tries again.
      if (!this.refused)
        this.context.log(`Alerts could not be stored (${(error as Error).message}); trying again`, 'warn');
      this.refused = true;
    }
    if (this.kickAt !== undefined && this.realNow() >= this.kickAt) {
      this.kickAt = store.nextDue();
      changed = true;
    }
    if (changed) this.context.afterChange();
    if (!this.reading && this.upSinceReal !== undefined) {
      this.reading = true;
      void this.readDevice(now).finally(() => (this.reading = false));
    }
  }

  /** Raises what stands and is not open, resolves what is open and cleared. */
  private apply(verdict: Verdict, now: number): boolean {
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
      this.open.delete(key);
      this.remindAt.delete(key);
      log(`Alert resolved: ${words.text}`);
      changed = true;
    }
    return changed;
  }

  /** Tells again, by day, an alert that stood the reminder's hours since it was last told. */
  private remind(now: number): boolean {
    const hours = this.context.settings.reminderHours;
    if (!hours) return false;
    let changed = false;
    for (const [key, alert] of this.open) {
      const at = this.remindAt.get(key) ?? Math.max(alert.started, now) + hours * 60 * MINUTE_MS;
      this.remindAt.set(key, at);
      if (now < at || !judgedNow({ now, daylight: this.daylight() })) continue;
      this.context.store.remind(alert.id, this.messages(reminderWords(alert, this.context.clock), now));
      this.remindAt.set(key, now + hours * 60 * MINUTE_MS);
      changed = true;
    }
    return changed;
  }

  private messages(words: Words, now: number): Message[] {
    const { clock, settings, channels } = this.context;
    const quietEnd = quietUntil(now, clock.zone, settings.quietHours);
    const due = quietEnd === undefined ? undefined : this.realNow() + (quietEnd - now) / clock.speed;
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

  /** Once a device day, at the start of its judged hours: yesterday's energy. */
  private lookAtEnergy(now: number, daylight: { from: number; to: number } | undefined): Verdict | undefined {
    const { clock, dayEnergy, settings } = this.context;
    const today = clock.day(now);
    if (!dayEnergy || this.energyDay === today || !judgedNow({ now, daylight })) return undefined;
    this.energyDay = today;
    const dayBefore = (day: string): string => clock.day(clock.dayBounds(day)[0] - 1);
    const yesterday = dayBefore(today);
    const before = [dayBefore(yesterday)];
    while (before.length < ENERGY_DAYS) before.push(dayBefore(before.at(-1)!));
    const days = new Map<string, number>();
    for (const { day, wh } of dayEnergy(before.at(-1)!, yesterday)) days.set(day, (days.get(day) ?? 0) + wh);
    const openKeys = [...this.open.keys()].filter((key) => key.startsWith('energy-low:'));
    return judgeEnergy(yesterday, before, days, now, openKeys, settings);
  }

  /** The device reads that are due: command states, then event logs. */
  private async readDevice(now: number): Promise<void> {
    const { clock, link, settings } = this.context;
    const real = this.realNow();
    const command = settings.rules['command-failed'];
    if (command.enabled && real >= this.nextCommandRead) {
      const states = await readCommandStates(link);
      const deviceNow = clock.now();
      for (const [serial, kinds] of states ?? []) {
        const inverter = { serial, name: this.inverters.get(serial)?.name ?? serial };
        let seen = this.commands.get(serial);
        for (const kind of ['limit', 'power'] as const) {
          const status = kinds[kind];
          if (status) seen = trackCommand(seen, inverter, kind, status, deviceNow);
        }
        if (seen) this.commands.set(serial, seen);
      }
      const underWay = [...this.commands.values()].some((seen) => seen.unconfirmedSince !== undefined);
      // A device minute is shorter in a fast demo: looks follow its clock, within limits.
      const watch = Math.min(
        COMMAND_WATCH_MS,
        Math.max(TICK_MS, (command.minutes * MINUTE_MS) / clock.speed / 5),
      );
      const pause =
        underWay || real < this.followCommandsUntil
          ? watch
          : Math.max(TICK_MS, COMMAND_IDLE_MS / Math.min(clock.speed, 60));
      this.nextCommandRead = this.realNow() + pause;
    }
    const eventlog = settings.rules.eventlog;
    if (!eventlog.enabled) return;
    const judged = judgedNow({ now, daylight: this.daylight() });
    for (const inverter of this.inverters.values()) {
      const seen = this.eventLogs.get(inverter.serial);
      // The first look (what was there before) at any hour; new entries only by day.
      if (!inverter.reachable || (seen && !judged)) continue;
      if (this.realNow() < (this.nextEventLogRead.get(inverter.serial) ?? 0)) continue;
      const entries = await readEventLog(link, inverter.serial);
      if (!entries) continue;
      this.nextEventLogRead.set(
        inverter.serial,
        this.realNow() + Math.max(TICK_MS, (eventlog.minutes * MINUTE_MS) / clock.speed),
      );
      const deviceNow = clock.now();
      const prefix = `${alertKey('eventlog', inverter.serial)}:`;
      const verdict = judgeEventLog(
        seen,
        { serial: inverter.serial, name: inverter.name },
        entries,
        deviceNow,
        clock.dayBounds(clock.day(deviceNow))[0],
        [...this.open.keys()].filter((key) => key.startsWith(prefix)),
        true,
      );
      if (!seen)
        this.context.log(
          `Alerts: the event log of ${inverter.name} holds ${entries.length} entries from before (not told)`,
          'debug',
        );
      this.eventLogs.set(inverter.serial, verdict.seen);
      this.found.push({ standing: verdict.standing, cleared: verdict.cleared });
    }
  }
}
