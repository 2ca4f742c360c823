/**
 * The alert rules' own reads of the device, each on its timer of this machine's time: the
 * limit and power command states (closely while a command is under way or just went
 * through this server, else at an idle pace that still finds a limit sent past this
 * server) and each inverter's event log. What they find is judged at the watcher's next tick.
 */
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { LogLine } from '../log';
import { trackCommand, type CommandSeen } from './command-rule';
import { readCommandStates, readEventLog } from './device-reads';
import { judgeEventLog, type EventLogSeen } from './eventlog-rule';
import { alertKey, judgedNow, MINUTE_MS, type AlertSettings, type InverterSeen, type Verdict } from './rules';

/** Real ms of the watcher's tick: no read is closer than this. */
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

export interface PollContext {
  link: DeviceLink;
  clock: DeviceClock;
  log: LogLine;
  realNow: () => number;
}

export class DevicePolls {
  readonly commands = new Map<string, CommandSeen>();
  private readonly eventLogs = new Map<string, EventLogSeen>();
  private readonly nextEventLogRead = new Map<string, number>();
  private nextCommandRead = 0;
  private followCommandsUntil = 0;

  constructor(private readonly context: PollContext) {}

  /** A limit or power command went through this server: its outcome is watched closely. */
  commandSent(): void {
    const now = this.context.realNow();
    this.followCommandsUntil = now + COMMAND_FOLLOW_MS;
    this.nextCommandRead = Math.min(this.nextCommandRead, now + TICK_MS);
  }

  /** The reads that are due; the event logs' verdicts (new entries, ended ones) out. */
  async read(
    inverters: ReadonlyMap<string, InverterSeen>,
    settings: AlertSettings,
    daylight: { from: number; to: number } | undefined,
    openKeys: (prefix: string) => string[],
  ): Promise<Verdict[]> {
    if (settings.rules['command-failed'].enabled) await this.readCommands(inverters, settings);
    if (!settings.rules.eventlog.enabled) return [];
    return this.readEventLogs(inverters, settings, daylight, openKeys);
  }

  private async readCommands(inverters: ReadonlyMap<string, InverterSeen>, settings: AlertSettings) {
    const { clock, link, realNow } = this.context;
    const real = realNow();
    if (real < this.nextCommandRead) return;
    const states = await readCommandStates(link);
    const deviceNow = clock.now();
    for (const [serial, kinds] of states ?? []) {
      const inverter = { serial, name: inverters.get(serial)?.name ?? serial };
      let seen = this.commands.get(serial);
      for (const kind of ['limit', 'power'] as const) {
        const status = kinds[kind];
        if (status) seen = trackCommand(seen, inverter, kind, status, deviceNow);
      }
      if (seen) this.commands.set(serial, seen);
    }
    const underWay = [...this.commands.values()].some((seen) => seen.unconfirmedSince !== undefined);
    // A device minute is shorter in a fast demo: looks follow its clock, within limits.
    const minutes = settings.rules['command-failed'].minutes;
    const watch = Math.min(COMMAND_WATCH_MS, Math.max(TICK_MS, (minutes * MINUTE_MS) / clock.speed / 5));
    const pause =
      underWay || real < this.followCommandsUntil
        ? watch
        : Math.max(TICK_MS, COMMAND_IDLE_MS / Math.min(clock.speed, 60));
    this.nextCommandRead = realNow() + pause;
  }

  private async readEventLogs(
    inverters: ReadonlyMap<string, InverterSeen>,
    settings: AlertSettings,
    daylight: { from: number; to: number } | undefined,
    openKeys: (prefix: string) => string[],
  ): Promise<Verdict[]> {
    const { clock, link, log, realNow } = this.context;
    const verdicts: Verdict[] = [];
    const judged = judgedNow({ now: clock.now(), daylight });
    for (const inverter of inverters.values()) {
      const seen = this.eventLogs.get(inverter.serial);
      // The first look (what was there before) at any hour; new entries only by day.
      if (!inverter.reachable || (seen && !judged)) continue;
      if (realNow() < (this.nextEventLogRead.get(inverter.serial) ?? 0)) continue;
      const entries = await readEventLog(link, inverter.serial);
      if (!entries) continue;
      this.nextEventLogRead.set(
        inverter.serial,
        realNow() + Math.max(TICK_MS, (settings.rules.eventlog.minutes * MINUTE_MS) / clock.speed),
      );
      const now = clock.now();
      const verdict = judgeEventLog({
        seen,
        inverter: { serial: inverter.serial, name: inverter.name },
        entries,
        now,
        midnight: clock.dayBounds(clock.day(now))[0],
        openKeys: openKeys(`${alertKey('eventlog', inverter.serial)}:`),
      });
      if (!seen)
        log(
          `Alerts: the event log of ${inverter.name} holds ${entries.length} entries from before (not told)`,
          'debug',
        );
      this.eventLogs.set(inverter.serial, verdict.seen);
      verdicts.push({ standing: verdict.standing, cleared: verdict.cleared });
    }
    return verdicts;
  }
}
