/**
 * The one way the companion's own limits reach a device's inverters (zero export, the
 * schedule's windows, Modbus): one read of /api/limit/status for every sender, each command
 * non-persistent (a persistent one wears the inverter's memory), its acknowledgement, the
 * owner's limit from before, and the sender that holds each inverter now.
 *
 * Who wins: zero export > a schedule window > a Modbus client > the owner. An inverter
 * nobody holds has the owner's own limit. A sender takes it with `take`, which a higher one
 * always gets (the one it replaces is told through `onLost` and sends nothing more) and a
 * lower one is refused. The limit from before is the one the inverter had when the first
 * sender took it from the owner; it stays while the inverter passes from sender to sender,
 * and the last one gives it back. The owner's own commands (the device's app, the plant's
 * limit) go to the device with the owner's credentials, not through here: while a sender
 * holds the inverter, it sees the change as a lost limit and sends its own again.
 *
 * A new sender (Modbus):
 * 1. `await channel.refresh()`: the status tells the inverter's rating and limit;
 * 2. `channel.take('modbus', serial)`: false while zero export or a schedule window holds it
 *    (refuse the client then); `channel.onLost('modbus', serial => ...)` hears of a takeover;
 * 3. `await channel.send('modbus', serial, { value, unit })`: the command, whose `status`
 *    follows the acknowledgement at each `refresh()`; undefined when the sender does not hold it;
 * 4. at its end (a revert timeout): `await channel.giveBack('modbus', { serials: [serial] })`
 *    sends the limit from before until confirmed or the one deadline, and releases the inverter
 *    (`giveBackRound` does one round of it, for a sender that must not wait).
 *
 * Times are the device's ms (this machine's times its speed: a virtual DTU at --speed 30
 * answers 30 times sooner), with floors of real time where the network sets the pace.
 */
import { limitTypeFor, parseLiveFrame, type ControlCommandStatus, type LimitStatusMap } from '@opendtu/api';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import {
  acknowledgement,
  ACK_TIMEOUT_MS,
  giveBackStep,
  GIVE_BACK_DEADLINE_MS,
  limitLost,
  MIN_INTERVAL_MS,
  wattsOf,
  type GiveBackTiming,
  type Limit,
} from './limit-rules';

/** The senders, highest first: the first one holding an inverter keeps it from the others. */
export const HOLDERS = ['zero-export', 'schedule', 'modbus'] as const;
export type Holder = (typeof HOLDERS)[number];

const rank = (holder: Holder): number => HOLDERS.length - HOLDERS.indexOf(holder);

/** A command sent: `status` follows the device's acknowledgement. */
export interface SentCommand {
  serial: string;
  holder: Holder;
  limit: Limit;
  /** Device ms. */
  sentAt: number;
  status: ControlCommandStatus;
}

interface Hold {
  holder: Holder;
  /** The owner's limit when the first sender took the inverter, as the device reported it. */
  before: Limit;
  /** Whether any sender has sent it a command since: only then is there a limit to give back. */
  changed: boolean;
  /** Device ms when the give-back began. */
  givingBackSince?: number | undefined;
}

/** /api/limit/status is read at least this often (device ms), and while a command is unconfirmed. */
const STATUS_EVERY_MS = 10_000;
/** Real ms floors: the network does not get faster with a fast virtual DTU. */
const ACK_FLOOR_MS = 3000;
const STATUS_FLOOR_MS = 1000;
const DEADLINE_FLOOR_MS = 15_000;
const INTERVAL_FLOOR_MS = 1000;
/** Real ms between two rounds of a give-back. */
const GIVE_BACK_ROUND_MS = 1000;
const GIVE_BACK_ROUND_FLOOR_MS = 100;

export interface LimitChannelOptions {
  link: DeviceLink;
  log: LogLine;
  /** The device's live frames: which inverters can hear. Without them every inverter counts as awake. */
  upstream?: UpstreamSocket | undefined;
  /** Device ms per real ms. */
  speed?: number | undefined;
  realNow?: () => number;
}

export interface GiveBackOptions {
  /** The inverters to give back; default: every one the sender holds. */
  serials?: readonly string[] | undefined;
  /** Hears every command sent. */
  onSent?: ((command: SentCommand) => void) | undefined;
  /** Called after each round (the acknowledgements read so far are in the commands). */
  onRound?: (() => void) | undefined;
}

/** What a give-back ended with, per inverter. */
export interface GiveBackResult {
  /** Every inverter has its limit from before, confirmed, or could not hear. */
  done: boolean;
  /** Inverters whose limit from before was not confirmed by the deadline. */
  late: string[];
}

export class LimitChannel {
  /** Device ms now. */
  readonly now: () => number;
  readonly timing: GiveBackTiming & { statusEveryMs: number };
  private statusMap: LimitStatusMap | undefined;
  private statusAt = -Infinity;
  private readonly holds = new Map<string, Hold>();
  private readonly last = new Map<string, SentCommand>();
  private readonly asleep = new Set<string>();
  private readonly lostListeners = new Map<Holder, (serial: string) => void>();
  private readonly link: DeviceLink;
  private readonly log: LogLine;
  private readonly upstream: UpstreamSocket | undefined;
  /** Device ms per real ms. */
  readonly speed: number;
  private refusalSaid = false;
  private readonly onFrame = (text: string): void => {
    for (const inverter of parseLiveFrame(text)?.inverters ?? []) {
      if (inverter.reachable) this.asleep.delete(inverter.serial);
      else this.asleep.add(inverter.serial);
    }
  };

  constructor(options: LimitChannelOptions) {
    this.link = options.link;
    this.log = options.log;
    this.speed = options.speed ?? 1;
    const realNow = options.realNow ?? Date.now;
    this.now = () => realNow() * this.speed;
    this.timing = {
      ackTimeoutMs: this.atLeastReal(ACK_TIMEOUT_MS, ACK_FLOOR_MS),
      deadlineMs: this.atLeastReal(GIVE_BACK_DEADLINE_MS, DEADLINE_FLOOR_MS),
      intervalMs: this.atLeastReal(MIN_INTERVAL_MS, INTERVAL_FLOOR_MS),
      statusEveryMs: this.atLeastReal(STATUS_EVERY_MS, STATUS_FLOOR_MS),
    };
    this.upstream = options.upstream;
    this.upstream?.on('frame', this.onFrame);
  }

  /** `deviceMs`, but never less than `realMs` of this machine's time. */
  atLeastReal(deviceMs: number, realMs: number): number {
    return Math.max(deviceMs, realMs * this.speed);
  }

  /** The latest /api/limit/status answer; undefined until the device gave one. */
  get status(): LimitStatusMap | undefined {
    return this.statusMap;
  }

  /** Device ms of the latest status answer. */
  get statusTime(): number {
    return this.statusAt;
  }

  /** Reads /api/limit/status now; false when the device did not answer with it. */
  async read(): Promise<boolean> {
    try {
      const answer = await this.link.get('api/limit/status', 'server');
      if (answer.status !== 200 || typeof answer.json !== 'object' || answer.json === null) return false;
      this.statusMap = answer.json as LimitStatusMap;
      this.statusAt = this.now();
    } catch {
      return false;
    }
    this.acknowledge();
    return true;
  }

  /** Reads the status when it is older than `statusEveryMs` or a command waits for its answer. */
  async refresh(): Promise<boolean> {
    const pending = [...this.last.values()].some((command) => command.status === 'pending');
    if (!pending && this.now() - this.statusAt < this.timing.statusEveryMs) return true;
    return this.read();
  }

  private acknowledge(): void {
    const now = this.now();
    for (const command of this.last.values())
      command.status = acknowledgement(
        command.status,
        command.sentAt,
        this.statusMap?.[command.serial]?.limit_set_status,
        now,
        this.timing.ackTimeoutMs,
      );
  }

  /** Whether the device's live data last said the inverter cannot hear. */
  isAsleep(serial: string): boolean {
    return this.asleep.has(serial);
  }

  /** The sender holding the inverter; undefined: the owner has it. */
  holderOf(serial: string): Holder | undefined {
    return this.holds.get(serial)?.holder;
  }

  /**
   * Makes `holder` the inverter's sender, unless a higher one holds it (false). Taking it
   * from the owner records the limit from before, so the status must know the inverter.
   */
  take(holder: Holder, serial: string): boolean {
    const hold = this.holds.get(serial);
    if (hold) {
      if (hold.holder === holder) return true;
      if (rank(hold.holder) > rank(holder)) return false;
      const lost = hold.holder;
      this.holds.set(serial, { ...hold, holder, givingBackSince: undefined });
      this.lostListeners.get(lost)?.(serial);
      return true;
    }
    const entry = this.statusMap?.[serial];
    if (!entry) return false;
    this.holds.set(serial, { holder, before: { value: entry.limit_relative, unit: '%' }, changed: false });
    return true;
  }

  /** Hands the inverter back to the owner without a command (its limit was given back, or never changed). */
  release(holder: Holder, serial: string): void {
    if (this.holds.get(serial)?.holder === holder) this.holds.delete(serial);
  }

  /** Called when a higher sender takes over one of `holder`'s inverters. */
  onLost(holder: Holder, listener: (serial: string) => void): void {
    this.lostListeners.set(holder, listener);
  }

  /** The owner's limit: recorded when a sender took the inverter, else what it has now. */
  before(serial: string): Limit | undefined {
    const hold = this.holds.get(serial);
    if (hold) return hold.before;
    const entry = this.statusMap?.[serial];
    return entry && { value: entry.limit_relative, unit: '%' };
  }

  /** Whether the status reports a limit other than `limit` (beyond the rounding: `limitLost`). */
  showsLost(serial: string, limit: Limit): boolean {
    const entry = this.statusMap?.[serial];
    if (!entry || entry.max_power <= 0) return false;
    const reportedW = (entry.limit_relative * entry.max_power) / 100;
    return limitLost(reportedW, wattsOf(limit, entry.max_power), entry.max_power);
  }

  /** The last command any sender sent the inverter. */
  lastCommand(serial: string): SentCommand | undefined {
    return this.last.get(serial);
  }

  /** The inverters `holder` holds now. */
  heldBy(holder: Holder): string[] {
    return [...this.holds].filter(([, hold]) => hold.holder === holder).map(([serial]) => serial);
  }

  /**
   * Sends a non-persistent limit for `holder`, who must hold the inverter (else undefined,
   * nothing sent). A command the device did not take is `failure` at once.
   */
  async send(holder: Holder, serial: string, limit: Limit): Promise<SentCommand | undefined> {
    const hold = this.holds.get(serial);
    if (hold?.holder !== holder) return undefined;
    hold.changed = true;
    const command: SentCommand = { serial, holder, limit, sentAt: this.now(), status: 'pending' };
    this.last.set(serial, command);
    let taken = false;
    try {
      const answer = await this.link.postData(
        'api/limit/config',
        {
          serial,
          limit_value: limit.value,
          // Non-persistent W or % is 0 or 1 under both of the firmware's schemes.
          limit_type: limitTypeFor('index', { absolute: limit.unit === 'W', persistent: false }),
        },
        'server',
      );
      taken = (answer.json as { type?: string } | undefined)?.type === 'success';
      if (answer.status === 401 && !this.refusalSaid) {
        this.refusalSaid = true;
        this.log('The device refuses limits without its admin password (--password)', 'warn');
      }
    } catch {
      taken = false;
    }
    if (!taken) command.status = 'failure';
    return command;
  }

  /**
   * One round of giving `holder`'s inverters (all, or `serials`) their limit from before:
   * each confirmed, asleep or late one is released; `onSent` hears every command.
   */
  async giveBackRound(holder: Holder, options: GiveBackOptions = {}): Promise<GiveBackResult> {
    const { serials = this.heldBy(holder), onSent } = options;
    const result: GiveBackResult = { done: true, late: [] };
    for (const serial of serials) {
      const hold = this.holds.get(serial);
      if (hold?.holder !== holder) continue;
      if (!hold.changed) {
        this.holds.delete(serial);
        continue;
      }
      const now = this.now();
      hold.givingBackSince ??= now;
      const next = giveBackStep(
        hold.before,
        this.last.get(serial),
        !this.asleep.has(serial),
        hold.givingBackSince,
        now,
        this.timing,
      );
      if (next === 'done' || next === 'passed' || next === 'late') {
        if (next === 'late') result.late.push(serial);
        this.holds.delete(serial);
        continue;
      }
      result.done = false;
      if (next === 'send') {
        const command = await this.send(holder, serial, hold.before);
        if (command) onSent?.(command);
      }
    }
    return result;
  }

  /** Gives the limits from before back, round after round, until confirmed or the deadline. */
  async giveBack(holder: Holder, options: GiveBackOptions = {}): Promise<GiveBackResult> {
    const late: string[] = [];
    for (;;) {
      await this.refresh();
      const round = await this.giveBackRound(holder, options);
      options.onRound?.();
      late.push(...round.late);
      if (round.done) return { done: late.length === 0, late };
      await new Promise((done) =>
        setTimeout(done, Math.max(GIVE_BACK_ROUND_FLOOR_MS, GIVE_BACK_ROUND_MS / this.speed)),
      );
    }
  }

  /** Stops following the live frames. */
  close(): void {
    this.upstream?.off('frame', this.onFrame);
  }
}
