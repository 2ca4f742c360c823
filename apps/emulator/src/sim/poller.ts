/**
 * The DTU's radio loop over simulated time (inverters.md §7.1-7.4): the physical world
 * advances, commands are sent as soon as they are queued, one inverter is polled per
 * poll interval in round-robin, day/night flags are refreshed every 60 s, and the local
 * day change triggers the midnight housekeeping. `step(toMs)` is pure with respect to
 * wall time, so tests can run a whole day in milliseconds.
 */
import type { ConfigFile, ConfigInverter } from '@opendtu/api';
import type { DtuInverter } from './dtu-inverter';
import type { Site } from './inverter-physics';
import { isDayPeriod, sunTimes, type SunsetType } from './sun';

export interface LocalClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Seconds east of UTC. */
  utcOffset: number;
}

export interface PollerEnv {
  config(): ConfigFile;
  /** Whether the DTU has a valid local time (NTP synced or set by hand). */
  timeValid(): boolean;
  localTime(epochMs: number): LocalClock;
  /** A console line of the poll loop, written at the device moment `at`. */
  log(line: string, at: number): void;
}

const DAY_NIGHT_PERIOD_MS = 60_000;
const DAY_MS = 86_400_000;

export class Poller {
  readonly inverters: DtuInverter[] = [];
  /** Simulated milliseconds since the DTU booted. */
  uptime = 0;
  private replayPollMs: number | undefined;
  private at: number;
  private nextPollAt: number;
  private nextDayNightAt: number;
  private turn = 0;
  private lastDay: number;
  private dayPeriod = true;

  constructor(
    readonly site: Site,
    private readonly env: PollerEnv,
    startMs: number,
  ) {
    this.at = startMs;
    this.nextPollAt = startMs + this.pollIntervalMs();
    this.nextDayNightAt = startMs;
    this.lastDay = env.localTime(startMs).day;
    site.grid.advance(startMs);
  }

  get now(): number {
    return this.at;
  }

  /** Whether the sun is "up" for the day/night rules (always true without valid time). */
  get isDay(): boolean {
    return this.dayPeriod;
  }

  /**
   * Adds an inverter. Its physics first lives through the last day (from `historyMs`
   * before now), so a device started at noon shows the morning's YieldDay and a settled
   * temperature instead of an inverter that just woke up.
   */
  add(inverter: DtuInverter, historyMs = 0, lifetimeKnown = false): void {
    const { physical } = inverter;
    const lifetime = [...physical.yieldTotalWh];
    physical.skipTo(this.at - historyMs);
    physical.advance(this.at, this.site);
    // A stored lifetime already holds today's energy; a seeded one gets today's added.
    lifetime.forEach(
      (wh, i) => (physical.yieldTotalWh[i] = wh + (lifetimeKnown ? 0 : (physical.yieldDayWh[i] ?? 0))),
    );
    this.inverters.push(inverter);
    this.refreshFlags();
  }

  remove(serial: number): void {
    const index = this.inverters.findIndex((inv) => inv.serial === serial);
    if (index >= 0) this.inverters.splice(index, 1);
  }

  slotOf(serial: number): ConfigInverter | undefined {
    return this.env.config().inverters.find((slot) => slot.serial === serial);
  }

  /** Advances everything to `toMs`. Going back in time (clock set earlier) only moves the mark. */
  step(toMs: number): void {
    if (toMs <= this.at) {
      if (toMs < this.at) this.rebase(toMs);
      return;
    }
    if (toMs - this.at > DAY_MS) {
      // The clock jumped far ahead: simulate only the last day of the gap.
      this.uptime += toMs - DAY_MS - this.at;
      this.rebase(toMs - DAY_MS);
    }
    while (this.at < toMs) {
      const next = Math.min(toMs, this.nextPollAt, this.nextDayNightAt, this.nextCommandAt());
      this.advanceTo(Math.max(next, this.at));
      if (this.at >= this.nextDayNightAt) {
        this.refreshFlags();
        this.nextDayNightAt = this.at + DAY_NIGHT_PERIOD_MS;
      }
      if (this.at >= this.nextPollAt) {
        this.poll();
        this.nextPollAt = this.at + this.pollIntervalMs();
      }
    }
  }

  /** Polls every `ms` instead of the configured interval (the fast replay of the day at boot). */
  setReplayPoll(ms: number | undefined): void {
    this.replayPollMs = ms;
    this.nextPollAt = Math.min(this.nextPollAt, this.at + this.pollIntervalMs());
  }

  /** Re-reads the per-inverter flags (after a config change or every minute). */
  refreshFlags(): void {
    const config = this.env.config();
    this.dayPeriod = this.computeDayPeriod(config);
    for (const inverter of this.inverters) {
      const slot = this.slotOf(inverter.serial);
      if (!slot) continue;
      const pollBefore = inverter.pollEnabled;
      inverter.pollEnabled = slot.poll_enable && (this.dayPeriod || slot.poll_enable_night);
      inverter.commandsEnabled = slot.command_enable && (this.dayPeriod || slot.command_enable_night);
      if (pollBefore !== inverter.pollEnabled) inverter.updateSeq += 1;
    }
  }

  private pollIntervalMs(): number {
    return this.replayPollMs ?? Math.max(1, this.env.config().dtu.poll_interval) * 1000;
  }

  private nextCommandAt(): number {
    let due = Number.POSITIVE_INFINITY;
    for (const inverter of this.inverters) {
      const at = inverter.commandDueAt;
      if (at !== undefined) due = Math.min(due, Math.max(at, this.at + 1));
    }
    return due;
  }

  private rebase(toMs: number): void {
    this.at = toMs;
    this.nextPollAt = toMs + this.pollIntervalMs();
    this.nextDayNightAt = toMs;
    for (const inverter of this.inverters) inverter.physical.skipTo(toMs);
  }

  private advanceTo(t: number): void {
    this.uptime += t - this.at;
    this.at = t;
    this.site.grid.advance(t);
    for (const inverter of this.inverters) inverter.physical.advance(t, this.site);
    this.runCommands();
  }

  private runCommands(): void {
    for (const inverter of this.inverters) {
      if (inverter.radioReady) inverter.runCommands(this.at, this.uptime);
    }
  }

  private computeDayPeriod(config: ConfigFile): boolean {
    if (!this.env.timeValid()) return true;
    const local = this.env.localTime(this.at);
    const times = sunTimes(
      local,
      config.ntp.latitude,
      config.ntp.longitude,
      local.utcOffset,
      config.ntp.sunsettype as SunsetType,
    );
    return isDayPeriod(local.hour * 60 + local.minute, times);
  }

  // One inverter per interval; one with neither polling nor commands is skipped without
  // using the interval up.
  private poll(): void {
    const timeValid = this.env.timeValid();
    if (timeValid) this.checkDayChange();
    const count = this.inverters.length;
    for (let tries = 0; tries < count; tries += 1) {
      const inverter = this.inverters[this.turn % count];
      this.turn = (this.turn + 1) % Math.max(1, count);
      if (!inverter?.radioReady) continue;
      const slot = this.slotOf(inverter.serial);
      if (!slot || (!inverter.pollEnabled && !inverter.commandsEnabled)) continue;
      const at = this.at;
      inverter.visit({ t: at, uptime: this.uptime, timeValid, slot, log: (line) => this.env.log(line, at) });
      return;
    }
  }

  private checkDayChange(): void {
    const day = this.env.localTime(this.at).day;
    if (day === this.lastDay) return;
    this.lastDay = day;
    for (const inverter of this.inverters) {
      const slot = this.slotOf(inverter.serial);
      if (slot) inverter.dayChange(slot);
    }
  }
}
