/**
 * The schedule at work against the device, on the device's clock (DeviceClock: its time
 * zone, and a demo's virtual DTU may run fast). Each tick it resolves what holds now
 * (schedule-resolve.ts) and:
 * - turns the controller off or on, or sets its target (ControlRunner.setScheduled);
 * - sends each window's limit to the inverters it names as a non-persistent limit
 *   (limit_type 0 for W, 1 for %: a persistent one wears the inverter's memory) and, at the
 *   window's end, the limit the inverter had before (read from /api/limit/status), until
 *   confirmed; as the controller, one command at a time per inverter, never the same twice
 *   unless the inverter shows it lost it (a restart forgets a non-persistent limit);
 * - restarts inverters at their set time (POST /api/power/config restart).
 * In a dry run the same is decided and logged and reported, and nothing is sent.
 */
import type { LimitStatusMap, ScheduleAction, ScheduleActionStatus } from '@opendtu/api';
import { localTimeAt, type LocalDateTime } from '@opendtu/server-kit/posix-tz';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { LogLine } from '../log';
import type { ControlRunner } from './runner';
import type { InverterChoice, Schedule } from './schedule-file';
import { chooses, resolve, restartsDue, type Resolution } from './schedule-resolve';

/** Real ms between ticks. */
const TICK_MS = 1000;
/** /api/limit/status is read at least this often (real ms), and every tick while a command waits. */
const STATUS_EVERY_MS = 10_000;
/** An unconfirmed limit is sent again after this (real ms), as the controller's timeout. */
const ACK_TIMEOUT_MS = 30_000;
/** A refused or failed limit is tried again after this (real ms). */
const RETRY_MS = 10_000;
/** A confirmed limit is only judged lost once the inverter had time to report it (real ms). */
const LOST_AFTER_MS = 15_000;
/**
 * A sleeping inverter hears nothing, yet the device may still show the last acknowledgement:
 * each resend of a limit it showed lost waits twice as long as the one before, up to this.
 */
const LOST_BACKOFF_MAX_MS = 15 * 60_000;
/** A shutdown waits at most this long for the limits from before to be confirmed. */
const RESTORE_DEADLINE_MS = 40_000;
const KEPT_ACTIONS = 50;

export interface Limit {
  value: number;
  unit: 'W' | '%';
}

interface Track {
  /** limit_relative (%) before the first window's limit: given back at the end. */
  beforePercent: number;
  /** The window's limit held now; undefined: giving the limit from before back. */
  wanted: Limit | undefined;
  window: number | undefined;
  last: { limit: Limit; sentAt: number; status: ScheduleActionStatus; action: ScheduleAction } | undefined;
  /** Resends of a limit the inverter showed lost, since it last showed it held. */
  resends: number;
}

const sameLimit = (a: Limit | undefined, b: Limit | undefined): boolean =>
  a !== undefined && b !== undefined && a.value === b.value && a.unit === b.unit;

export const localText = (local: LocalDateTime): string => {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${local.year}-${two(local.month)}-${two(local.day)} ${two(local.hour)}:${two(local.minute)}:${two(local.second)}`;
};

export interface ScheduleDeps {
  link: DeviceLink;
  clock: DeviceClock;
  log: LogLine;
  /** The zero-export controller, when there is one, and the inverters it controls. */
  control: { runner: ControlRunner; inverters: InverterChoice } | undefined;
  now?: () => number;
}

export class ScheduleRunner {
  readonly actions: ScheduleAction[] = [];
  readonly tracks = new Map<string, Track>();
  resolution: Resolution | undefined;
  deviceTime: LocalDateTime | undefined;
  private status: LimitStatusMap | undefined;
  private statusAt = -Infinity;
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
  }

  start(): void {
    this.stopped = false;
    const { windows, restarts, dryRun } = this.schedule;
    this.deps.log(
      `Schedule: ${windows.length} window(s), ${restarts.length} restart(s)${dryRun ? ' (dry run: nothing is sent)' : ''}`,
    );
    this.next();
  }

  /** Stops ticking and gives every inverter holding a window's limit its own back, confirmed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    const deadline = this.now() + RESTORE_DEADLINE_MS;
    for (const track of this.tracks.values()) track.wanted = undefined;
    while (this.tracks.size > 0 && !this.schedule.dryRun) {
      await this.readStatus(0);
      await this.applyLimits(() => undefined, this.deviceTime);
      if (this.tracks.size === 0) break;
      if (this.now() >= deadline) {
        this.deps.log('Schedule: not every inverter confirmed its own limit back in time', 'warn');
        break;
      }
      await new Promise((done) => setTimeout(done, TICK_MS));
    }
  }

  private next(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error: unknown) => this.deps.log(`Schedule: ${(error as Error).message}`, 'error'))
        .finally(() => this.next());
    }, TICK_MS);
  }

  /** Whether the controller has this inverter in hand now (it runs, starts or gives limits back). */
  private held(serial: string): boolean {
    const control = this.deps.control;
    if (!control || !chooses(control.inverters, serial)) return false;
    const { runner } = control;
    return runner.active || runner.state === 'starting' || runner.givingBack;
  }

  private async tick(): Promise<void> {
    const { clock } = this.deps;
    if (!clock.ready) return;
    const deviceNow = clock.now();
    const local = localTimeAt(clock.zone, deviceNow);
    this.deviceTime = local;
    const pending = [...this.tracks.values()].some((track) => track.last?.status === 'pending');
    await this.readStatus(pending ? 0 : STATUS_EVERY_MS);
    if (!this.status) return;
    const serials = Object.keys(this.status);
    this.resolution = resolve(this.schedule, local, serials);
    if (!this.unknownSaid) this.sayUnknown(serials);
    await this.applyControl(this.resolution, local);
    await this.applyRestarts(deviceNow, serials);
    // The controller first learns the limits from before: none of a window's may be among them.
    if (this.deps.control?.runner.state === 'starting') return;
    await this.applyLimits((serial) => this.wanted(serial), local);
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

  private async readStatus(everyMs: number): Promise<void> {
    if (this.now() - this.statusAt < everyMs) return;
    try {
      const answer = await this.deps.link.get('api/limit/status', 'server');
      if (answer.status !== 200 || typeof answer.json !== 'object' || answer.json === null) return;
      this.status = answer.json as LimitStatusMap;
      this.statusAt = this.now();
    } catch {
      // The device is away: the next tick asks again.
    }
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
    // Not awaited: the limits going back take seconds; `held` waits for them.
    else void runner.setScheduled(on, targetW);
  }

  /**
   * Brings each inverter to the window's limit, or its own back; `want` tells the window's
   * limit of an inverter. An inverter the controller has in hand is left to it.
   */
  private async applyLimits(
    want: (serial: string) => { limit: Limit; window: number } | undefined,
    local: LocalDateTime | undefined,
  ): Promise<void> {
    const status = this.status;
    if (!status) return;
    const now = this.now();
    for (const [serial, entry] of Object.entries(status)) {
      if (this.held(serial) && !this.stopped) {
        // The controller took over: its own memory of the limit from before holds.
        this.tracks.delete(serial);
        continue;
      }
      const wanted = this.stopped ? undefined : want(serial);
      let track = this.tracks.get(serial);
      if (!track) {
        if (!wanted) continue;
        track = {
          beforePercent: entry.limit_relative,
          wanted: undefined,
          window: undefined,
          last: undefined,
          resends: 0,
        };
        this.tracks.set(serial, track);
      }
      track.wanted = wanted?.limit;
      track.window = wanted?.window;
      const last = track.last;
      if (last?.status === 'pending') {
        const seen = entry.limit_set_status;
        if (seen === 'Ok') last.status = 'ok';
        else if (seen === 'Failure') last.status = 'failure';
        else if (now - last.sentAt >= ACK_TIMEOUT_MS) last.status = 'timeout';
        last.action.status = last.status;
        if (last.status === 'pending') continue;
      }
      const target: Limit = track.wanted ?? { value: track.beforePercent, unit: '%' };
      if (sameLimit(last?.limit, target)) {
        if (last!.status === 'ok' || last!.status === 'dry-run') {
          if (!track.wanted) {
            this.tracks.delete(serial);
            continue;
          }
          if (last!.status === 'dry-run') continue;
          if (!this.lost(target, entry)) {
            track.resends = 0;
            continue;
          }
          if (now - last!.sentAt < Math.min(LOST_AFTER_MS * 2 ** track.resends, LOST_BACKOFF_MAX_MS))
            continue;
          track.resends += 1;
        } else if (now - last!.sentAt < RETRY_MS) continue;
      }
      await this.sendLimit(serial, target, track, local);
    }
  }

  /** Whether the device reports a limit other than the confirmed one (the inverter restarted). */
  private lost(limit: Limit, entry: LimitStatusMap[string]): boolean {
    if (entry.max_power <= 0) return false;
    const percent = limit.unit === '%' ? limit.value : (limit.value / entry.max_power) * 100;
    return Math.abs(Math.min(percent, 100) - entry.limit_relative) > 1.5;
  }

  private async sendLimit(
    serial: string,
    limit: Limit,
    track: Track,
    local: LocalDateTime | undefined,
  ): Promise<void> {
    const { dryRun } = this.schedule;
    const sentAt = this.now();
    const kind = track.wanted ? 'limit' : 'restore';
    const words = `${serial} ${kind === 'limit' ? 'limit' : 'back to its limit of'} ${limit.value} ${limit.unit}`;
    const action = this.record(
      {
        kind,
        serial,
        limit,
        control: null,
        entry: track.window ?? null,
        status: dryRun ? 'dry-run' : 'pending',
      },
      local,
    );
    if (dryRun) {
      track.last = { limit, sentAt, status: 'dry-run', action };
      this.deps.log(`Schedule (dry run): would set ${words}`);
      return;
    }
    track.last = { limit, sentAt, status: 'pending', action };
    let taken = false;
    try {
      const answer = await this.deps.link.postData(
        'api/limit/config',
        { serial, limit_value: limit.value, limit_type: limit.unit === 'W' ? 0 : 1 },
        'server',
      );
      taken = (answer.json as { type?: string } | undefined)?.type === 'success';
    } catch {
      taken = false;
    }
    this.deps.log(`Schedule: ${words}${taken ? '' : ', not taken by the device'}`, taken ? 'info' : 'warn');
    if (!taken) track.last.status = action.status = 'failure';
    // The acknowledgement is read at the next tick.
    this.statusAt = -Infinity;
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
