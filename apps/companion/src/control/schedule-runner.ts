/**
 * The schedule at work against the device, on the device's clock (DeviceClock: its time
 * zone, and a demo's virtual DTU may run fast). Each tick it resolves what holds now
 * (schedule-resolve.ts) and:
 * - turns the controller off or on, or sets its target (ControlRunner.setScheduled);
 * - takes each inverter a window names in the limit channel (../limits/limit-channel.ts:
 *   zero export wins it) and sends the window's limit, non-persistent; at the window's end
 *   the channel gives the limit from before back, confirmed. Never the same limit twice
 *   unless the inverter shows it lost it (a restart forgets a non-persistent limit);
 * - restarts inverters at their set time (POST /api/power/config restart).
 * In a dry run the same is decided and logged and reported, and nothing is sent.
 */
import type { ScheduleAction, ScheduleActionStatus } from '@opendtu/api';
import { localTimeAt, type LocalDateTime } from '@opendtu/server-kit/posix-tz';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { LimitChannel, SentCommand } from '../limits/limit-channel';
import { sameLimit, type Limit } from '../limits/limit-rules';
import type { LogLine } from '../log';
import type { ControlRunner } from './runner';
import type { InverterChoice, Schedule } from './schedule-file';
import { chooses, resolve, restartsDue, type Resolution } from './schedule-resolve';

/** Real ms between ticks. */
const TICK_MS = 1000;
/** A refused or failed limit is tried again after this (real ms). */
const RETRY_MS = 10_000;
/** A confirmed limit is only judged lost once the inverter had time to report it (real ms). */
const LOST_AFTER_MS = 15_000;
/**
 * A sleeping inverter hears nothing, yet the device may still show the last acknowledgement:
 * each resend of a limit it showed lost waits twice as long as the one before, up to this.
 */
const LOST_BACKOFF_MAX_MS = 15 * 60_000;
const KEPT_ACTIONS = 50;

interface Track {
  /** limit_relative (%) before the first window's limit: given back at the end. */
  beforePercent: number;
  /** The window's limit now; undefined: giving the limit from before back. */
  wanted: Limit | undefined;
  window: number | undefined;
  /** The last command (a dry run's is only said; `refused`: the channel did not send it) and its action. */
  last:
    | { limit: Limit; sentAt: number; command: SentCommand | 'dry-run' | 'refused'; action: ScheduleAction }
    | undefined;
  /** Resends of a limit the inverter showed lost, since it last showed it kept. */
  resends: number;
}

/** A track's last status: the command's acknowledgement, or the dry run's. */
export const statusOf = ({ command }: NonNullable<Track['last']>): ScheduleActionStatus =>
  command === 'refused' ? 'failure' : command === 'dry-run' ? command : command.status;

export const localText = (local: LocalDateTime): string => {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${local.year}-${two(local.month)}-${two(local.day)} ${two(local.hour)}:${two(local.minute)}:${two(local.second)}`;
};

export interface ScheduleDeps {
  /** For restarts; limits go through `channel`. */
  link: DeviceLink;
  channel: LimitChannel;
  clock: DeviceClock;
  log: LogLine;
  /** The zero-export controller, when there is one, and the inverters it controls. */
  control: { runner: ControlRunner; inverters: InverterChoice } | undefined;
  /** This machine's ms, for the actions' times. */
  now?: () => number;
}

export class ScheduleRunner {
  readonly actions: ScheduleAction[] = [];
  readonly tracks = new Map<string, Track>();
  resolution: Resolution | undefined;
  deviceTime: LocalDateTime | undefined;
  private checkedUntil: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private unknownSaid = false;
  private readonly now: () => number;

  constructor(
    readonly schedule: Schedule,
    private readonly deps: ScheduleDeps,
  ) {
    this.now = deps.now ?? Date.now;
    // Zero export took an inverter over: its memory of the limit from before holds.
    deps.channel.onLost('schedule', (serial) => this.tracks.delete(serial));
  }

  start(): void {
    this.stopped = false;
    const { windows, restarts, dryRun } = this.schedule;
    this.deps.log(
      `Schedule: ${windows.length} window(s), ${restarts.length} restart(s)${dryRun ? ' (dry run: nothing is sent)' : ''}`,
    );
    this.next();
  }

  /** Stops ticking and gives every inverter with a window's limit its limit from before back, confirmed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    if (this.schedule.dryRun) return;
    for (const track of this.tracks.values()) track.wanted = undefined;
    const local = this.deviceTime;
    const result = await this.deps.channel.giveBack('schedule', {
      onSent: (command) => this.recordGiveBack(command, local),
      onRound: () => this.followAcknowledgements(),
    });
    for (const serial of [...this.tracks.keys()])
      if (this.deps.channel.ownerOf(serial) !== 'schedule') this.tracks.delete(serial);
    if (!result.done)
      this.deps.log('Schedule: not every inverter confirmed its own limit back in time', 'warn');
  }

  private next(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error: unknown) => this.deps.log(`Schedule: ${(error as Error).message}`, 'error'))
        .finally(() => this.next());
    }, TICK_MS);
  }

  private async tick(): Promise<void> {
    const { clock } = this.deps;
    if (!clock.ready) return;
    const deviceNow = clock.now();
    const local = localTimeAt(clock.zone, deviceNow);
    this.deviceTime = local;
    await this.deps.channel.refresh();
    const status = this.deps.channel.status;
    if (!status) return;
    const serials = Object.keys(status);
    this.resolution = resolve(this.schedule, local, serials);
    if (!this.unknownSaid) this.sayUnknown(serials);
    await this.applyControl(this.resolution, local);
    await this.applyRestarts(deviceNow, serials);
    await this.applyLimits(serials, local);
  }

  /** One warning for serials the schedule names that the device does not have. */
  private sayUnknown(serials: readonly string[]): void {
    this.unknownSaid = true;
    const known = new Set(serials.map((serial) => serial.toLowerCase()));
    const named = [...this.schedule.windows.map((w) => w.action), ...this.schedule.restarts].flatMap(
      (entry) => ('inverters' in entry && entry.inverters !== 'all' ? entry.inverters : []),
    );
    const unknown = [...new Set(named.filter((serial) => !known.has(serial)))];
    if (unknown.length)
      this.deps.log(`Schedule: the device has no inverter ${unknown.join(', ')}; left out`, 'warn');
  }

  private wanted(serial: string): { limit: Limit; window: number } | undefined {
    const found = this.resolution?.limits.find((limit) => limit.serial === serial);
    return found && { limit: { value: found.value, unit: found.unit }, window: found.window };
  }

  private record(
    action: Omit<ScheduleAction, 'at' | 'device_time'>,
    local: LocalDateTime | undefined,
  ): ScheduleAction {
    const entry: ScheduleAction = {
      at: new Date(this.now()).toISOString(),
      device_time: local ? localText(local) : '',
      ...action,
    };
    this.actions.unshift(entry);
    this.actions.length = Math.min(this.actions.length, KEPT_ACTIONS);
    return entry;
  }

  private async applyControl(resolution: Resolution, local: LocalDateTime): Promise<void> {
    const runner = this.deps.control?.runner;
    if (!runner) return;
    const on = resolution.control?.on ?? true;
    const targetW = resolution.control?.targetW;
    const last = this.actions.find((action) => action.kind === 'control')?.control;
    const changed = last
      ? last.on !== on || (last.target_w ?? undefined) !== targetW
      : !on || targetW !== undefined;
    if (!changed) return;
    const { dryRun } = this.schedule;
    this.record(
      {
        kind: 'control',
        serial: null,
        limit: null,
        control: { on, target_w: targetW ?? null },
        entry: resolution.control?.window ?? null,
        status: dryRun ? 'dry-run' : 'sent',
      },
      local,
    );
    const words = on ? `on${targetW === undefined ? '' : ` at ${targetW} W`}` : 'off';
    if (dryRun) this.deps.log(`Schedule (dry run): would turn zero export ${words}`);
    // Not awaited: the limits going back take seconds; the controller owns its inverters until then.
    else void runner.setScheduled(on, targetW);
  }

  /** Each action shows the acknowledgement of its command. */
  private followAcknowledgements(): void {
    for (const track of this.tracks.values()) if (track.last) track.last.action.status = statusOf(track.last);
  }

  /**
   * Brings each inverter to its window's limit as its owner in the channel (one zero export owns
   * is left to it), or at the window's end has the channel give the limit from before back.
   */
  private async applyLimits(serials: readonly string[], local: LocalDateTime): Promise<void> {
    const { channel } = this.deps;
    const { dryRun } = this.schedule;
    this.followAcknowledgements();
    for (const serial of serials) {
      const wanted = this.wanted(serial);
      let track = this.tracks.get(serial);
      if (!wanted) {
        if (track) await this.endWindow(serial, track, local);
        continue;
      }
      if (!dryRun && !channel.take('schedule', serial)) {
        this.tracks.delete(serial);
        continue;
      }
      if (!track) {
        track = {
          beforePercent: channel.before(serial)?.value ?? 100,
          wanted: undefined,
          window: undefined,
          last: undefined,
          resends: 0,
        };
        this.tracks.set(serial, track);
      }
      track.wanted = wanted.limit;
      track.window = wanted.window;
      const last = track.last;
      if (last && sameLimit(last.limit, wanted.limit)) {
        const status = statusOf(last);
        if (status === 'pending' || status === 'dry-run') continue;
        if (status === 'ok') {
          if (!channel.showsLost(serial, wanted.limit)) {
            track.resends = 0;
            continue;
          }
          const after = Math.min(LOST_AFTER_MS * 2 ** track.resends, LOST_BACKOFF_MAX_MS);
          if (this.since(last.sentAt) < after) continue;
          track.resends += 1;
        } else if (this.since(last.sentAt) < RETRY_MS) continue;
      } else if (last && statusOf(last) === 'pending') continue;
      await this.sendLimit(serial, wanted.limit, track, local);
    }
  }

  /** Real ms since a command went (the channel counts device ms). */
  private since(sentAt: number): number {
    return (this.deps.channel.now() - sentAt) / this.deps.clock.speed;
  }

  /** A window ended: the limit from before goes back (said in a dry run), then the track goes. */
  private async endWindow(serial: string, track: Track, local: LocalDateTime): Promise<void> {
    track.wanted = undefined;
    track.window = undefined;
    if (this.schedule.dryRun) {
      const before: Limit = { value: track.beforePercent, unit: '%' };
      if (track.last && sameLimit(track.last.limit, before)) this.tracks.delete(serial);
      else this.recordDryRun(serial, before, track, local);
      return;
    }
    await this.deps.channel.giveBackRound('schedule', {
      serials: [serial],
      onSent: (command) => this.recordGiveBack(command, local),
    });
    if (this.deps.channel.ownerOf(serial) !== 'schedule') this.tracks.delete(serial);
  }

  private recordGiveBack(command: SentCommand, local: LocalDateTime | undefined): void {
    const track = this.tracks.get(command.serial);
    if (!track) return;
    track.last = {
      limit: command.limit,
      sentAt: command.sentAt,
      command,
      action: this.recordLimit(command.serial, command.limit, track, local),
    };
    track.last.action.status = statusOf(track.last);
    this.logLimit(command.serial, command.limit, 'restore', command.status !== 'failure');
  }

  private recordLimit(
    serial: string,
    limit: Limit,
    track: Track,
    local: LocalDateTime | undefined,
  ): ScheduleAction {
    return this.record(
      {
        kind: track.wanted ? 'limit' : 'restore',
        serial,
        limit,
        control: null,
        entry: track.window ?? null,
        status: 'pending',
      },
      local,
    );
  }

  private recordDryRun(serial: string, limit: Limit, track: Track, local: LocalDateTime): void {
    const action = this.recordLimit(serial, limit, track, local);
    action.status = 'dry-run';
    track.last = { limit, sentAt: this.deps.channel.now(), command: 'dry-run', action };
    this.deps.log(`Schedule (dry run): would set ${this.words(serial, limit, action.kind)}`);
  }

  private words(serial: string, limit: Limit, kind: ScheduleAction['kind']): string {
    return `${serial} ${kind === 'limit' ? 'limit' : 'back to its limit of'} ${limit.value} ${limit.unit}`;
  }

  private logLimit(serial: string, limit: Limit, kind: ScheduleAction['kind'], taken: boolean): void {
    this.deps.log(
      `Schedule: ${this.words(serial, limit, kind)}${taken ? '' : ', not taken by the device'}`,
      taken ? 'info' : 'warn',
    );
  }

  private async sendLimit(serial: string, limit: Limit, track: Track, local: LocalDateTime): Promise<void> {
    if (this.schedule.dryRun) return this.recordDryRun(serial, limit, track, local);
    const action = this.recordLimit(serial, limit, track, local);
    const command = (await this.deps.channel.send('schedule', serial, limit)) ?? 'refused';
    track.last = { limit, sentAt: this.deps.channel.now(), command, action };
    action.status = statusOf(track.last);
    this.logLimit(serial, limit, 'limit', action.status !== 'failure');
  }

  private async applyRestarts(deviceNow: number, serials: readonly string[]): Promise<void> {
    const after = this.checkedUntil ?? deviceNow;
    this.checkedUntil = deviceNow;
    for (const { restart, at } of restartsDue(this.schedule, this.deps.clock.zone, after, deviceNow)) {
      const local = localTimeAt(this.deps.clock.zone, at);
      for (const serial of serials.filter((s) => chooses(restart.inverters, s))) {
        const action = this.record(
          {
            kind: 'restart',
            serial,
            limit: null,
            control: null,
            entry: restart.index,
            status: this.schedule.dryRun ? 'dry-run' : 'sent',
          },
          local,
        );
        if (this.schedule.dryRun) {
          this.deps.log(`Schedule (dry run): would restart ${serial}`);
          continue;
        }
        let taken = false;
        try {
          const answer = await this.deps.link.postData(
            'api/power/config',
            { serial, restart: true },
            'server',
          );
          taken = (answer.json as { type?: string } | undefined)?.type === 'success';
        } catch {
          taken = false;
        }
        if (!taken) action.status = 'failure';
        this.deps.log(
          `Schedule: restart ${serial}${taken ? '' : ', not taken by the device'}`,
          taken ? 'info' : 'warn',
        );
      }
    }
  }
}
