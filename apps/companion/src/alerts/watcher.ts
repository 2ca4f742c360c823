/**
 * The alerts at work for one device, in four parts: what the live frames show (frames-in.ts),
 * the rules judged once a second (judges.ts), the alerts' lifecycle with reminders and quiet
 * hours (lifecycle.ts), and the rules' own device reads (device-polls.ts). The watcher adds
 * the DTU's socket state and the once-a-day look at yesterday's energy.
 */
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import type { AlertStore } from './alert-store';
import type { Channel } from './channels';
import { DevicePolls } from './device-polls';
import { ENERGY_DAYS, judgeEnergy } from './energy-rule';
import { FramesIn } from './frames-in';
import { JUDGES } from './judges';
import { AlertLifecycle } from './lifecycle';
import { daylightOf, judgedNow, type AlertSettings, type Verdict, type WatchState } from './rules';

const TICK_MS = 1000;

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
  private readonly frames = new FramesIn();
  private readonly lifecycle: AlertLifecycle;
  private readonly polls: DevicePolls;
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
  private energyDay: string | undefined;
  private readonly realNow: () => number;

  constructor(private context: WatcherContext) {
    const { upstream, clock, link, log, store } = context;
    this.realNow = context.realNow ?? Date.now;
    const realNow = this.realNow;
    this.lifecycle = new AlertLifecycle({
      store,
      clock,
      log,
      settings: () => this.context.settings,
      channels: () => this.context.channels,
      daylight: () => this.daylight(),
      realNow,
      device: context.device,
    });
    this.polls = new DevicePolls({ link, clock, log, realNow });
    const now = realNow();
    this.downSinceReal = upstream.state === 'up' ? undefined : now;
    this.upSinceReal = upstream.state === 'up' ? now : undefined;
    upstream.on('state', (state) => {
      if (state === 'up') {
        this.downSinceReal = undefined;
        this.upSinceReal ??= realNow();
      } else {
        this.downSinceReal ??= realNow();
        this.upSinceReal = undefined;
      }
    });
    upstream.on('frame', (text, arrival) => {
      if (!clock.ready) return;
      this.frames.take(text, clock.now(arrival), this.context.settings, this.daylight());
    });
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
    this.lifecycle.closeSwitchedOff(settings);
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
    this.polls.commandSent();
  }

  /** Today's judged hours, on the device's clock. */
  daylight(): { from: number; to: number } | undefined {
    const { clock, settings } = this.context;
    return clock.ready ? daylightOf(clock.sun, settings.twilightMinutes) : undefined;
  }

  private tick(): void {
    const { clock, settings } = this.context;
    if (!clock.ready) return;
    const now = clock.now();
    const daylight = this.daylight();
    const state: WatchState = {
      now,
      daylight,
      dtuDownSince: this.downSinceReal === undefined ? undefined : clock.now(this.downSinceReal),
      dtuUpSince: this.upSinceReal === undefined ? undefined : clock.now(this.upSinceReal),
      inverters: [...this.frames.inverters.values()],
    };
    const failing = this.context.influx?.failingSince;
    const seen = {
      strings: this.frames.strings,
      commands: this.polls.commands,
      influxFailingSince: failing && clock.now(failing),
    };
    const verdicts = [...JUDGES.map((judge) => judge(state, seen, settings)), ...this.found.splice(0)];
    const energy = this.lookAtEnergy(now, daylight);
    if (energy) verdicts.push(energy);
    let changed = false;
    try {
      for (const verdict of verdicts) changed = this.lifecycle.apply(verdict, now) || changed;
      changed = this.lifecycle.remind(now) || changed;
      this.refused = false;
    } catch (error) {
      // Not written (a full disk): nothing changed, the next tick tries again.
      if (!this.refused)
        this.context.log(`Alerts could not be stored (${(error as Error).message}); trying again`, 'warn');
      this.refused = true;
    }
    if (this.lifecycle.quietEnded()) changed = true;
    if (changed) this.context.afterChange();
    if (!this.reading && this.upSinceReal !== undefined) {
      this.reading = true;
      void this.polls
        .read(this.frames.inverters, settings, daylight, (prefix) => this.lifecycle.openKeys(prefix))
        .then((found) => this.found.push(...found))
        .finally(() => (this.reading = false));
    }
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
    return judgeEnergy(yesterday, before, days, now, this.lifecycle.openKeys('energy-low:'), settings);
  }
}
