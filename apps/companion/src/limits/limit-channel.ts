/**
 * The one way the companion's own limits reach a device's inverters (zero export, the
 * schedule's windows, Modbus): one read of /api/limit/status for every sender, each command
 * non-persistent (a persistent one wears the inverter's memory), its acknowledgement, the
 * limit from before, and the owner of each inverter: the sender that has its say now, or
 * the owner (the person) when none has.
 *
 * Who wins: zero export > a schedule window > a Modbus client > the owner. A sender becomes
 * an inverter's owner with `take`: a higher sender always does (the one it replaces is told
 * through `onLost` and sends nothing more), a lower one is refused. The limit from before is
 * the one the inverter had when the first sender took it from the owner; it stays while the
 * inverter passes from sender to sender, and the last one gives it back. The owner's own
 * commands (the device's app, the plant's limit) go to the device with the owner's
 * credentials, not through here: while a sender owns the inverter it sees such a change as
 * a lost limit and sends its own again; to keep a limit set by hand, pause zero export.
 *
 * A new sender (Modbus):
 * 1. `await channel.refresh()`: the status tells the inverter's rating and limit;
 * 2. `channel.take('modbus', serial)`: false while zero export or a schedule window owns it
 *    (refuse the client then); `channel.onLost('modbus', (serial) => ...)` hears of a takeover;
 * 3. `await channel.send('modbus', serial, { value, unit })`: the command, whose `status`
 *    follows the acknowledgement at each `refresh()`; undefined when the sender is not the owner;
 * 4. at its end (a revert timeout): `await channel.giveBack('modbus', { serials: [serial] })`
 *    sends the limit from before until confirmed or the one deadline, and hands the inverter
 *    back to the owner (`giveBackRound` does one round of it, for a sender that must not wait).
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
  giveBackNext,
  GIVE_BACK_DEADLINE_MS,
  limitLost,
  MIN_INTERVAL_MS,
  wattsOf,
  type GiveBackTiming,
  type Limit,
} from './limit-rules';

/** The senders, highest first: a higher one takes an inverter from a lower one. */
export const SENDERS = ['zero-export', 'schedule', 'modbus'] as const;
export type Sender = (typeof SENDERS)[number];
/** Who has the say over an inverter's limit: a sender, or the owner (the person) when none has. */
export type Owner = Sender | 'owner';

const rank = (sender: Sender): number => SENDERS.length - SENDERS.indexOf(sender);

/** A command sent: `status` follows the device's acknowledgement. */
export interface SentCommand {
  serial: string;
  sender: Sender;
  limit: Limit;
  /** Device ms. */
  sentAt: number;
  status: ControlCommandStatus;
}

/** An inverter a sender owns. */
interface Owned {
  sender: Sender;
  /** The owner's limit when the first sender took the inverter, as the device reported it. */
  before: Limit;
  /** Whether any sender has sent it a command since: only then is there a limit to give back. */
  changed: boolean;
  /** Device ms when the give-back began. */
  givingBackSince?: number | undefined;
}

/** /api/limit/status is read at least this often (device ms), and while a command is unconfirmed. */
const STATUS_EVERY_MS = 10_000;
/** Device ms between two rounds of a give-back. */
const GIVE_BACK_ROUND_MS = 1000;
/** Real ms the waits never go under: the network does not get faster with a fast virtual DTU. */
const FLOOR_MS = { ackTimeout: 3000, statusEvery: 1000, deadline: 15_000, interval: 1000, round: 100 };

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
  /** The inverters to give back; default: every one the sender owns. */
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
  private readonly owned = new Map<string, Owned>();
  private readonly last = new Map<string, SentCommand>();
  private readonly asleep = new Set<string>();
  private readonly lostListeners = new Map<Sender, (serial: string) => void>();
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
      ackTimeoutMs: this.atLeastReal(ACK_TIMEOUT_MS, FLOOR_MS.ackTimeout),
      deadlineMs: this.atLeastReal(GIVE_BACK_DEADLINE_MS, FLOOR_MS.deadline),
      intervalMs: this.atLeastReal(MIN_INTERVAL_MS, FLOOR_MS.interval),
      statusEveryMs: this.atLeastReal(STATUS_EVERY_MS, FLOOR_MS.statusEvery),
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

  /** The inverter's owner now. */
  ownerOf(serial: string): Owner {
    return this.owned.get(serial)?.sender ?? 'owner';
  }

  /**
   * Makes `sender` the inverter's owner, unless a higher sender owns it (false). Taking it
   * from the owner records the limit from before, so the status must know the inverter.
   */
  take(sender: Sender, serial: string): boolean {
    const owned = this.owned.get(serial);
    if (owned) {
      if (owned.sender === sender) {
        // Taken again during its give-back (a new window): the give-back's deadline starts anew.
        owned.givingBackSince = undefined;
        return true;
      }
      if (rank(owned.sender) > rank(sender)) return false;
      const lost = owned.sender;
      this.owned.set(serial, { ...owned, sender, givingBackSince: undefined });
      this.lostListeners.get(lost)?.(serial);
      return true;
    }
    const entry = this.statusMap?.[serial];
    if (!entry) return false;
    this.owned.set(serial, { sender, before: { value: entry.limit_relative, unit: '%' }, changed: false });
    return true;
  }

  /** Hands the inverter back to the owner without a command (its limit was given back, or never changed). */
  release(sender: Sender, serial: string): void {
    if (this.owned.get(serial)?.sender === sender) this.owned.delete(serial);
  }

  /** Called when a higher sender takes over one of `sender`'s inverters. */
  onLost(sender: Sender, listener: (serial: string) => void): void {
    this.lostListeners.set(sender, listener);
  }

  /** The owner's limit: recorded when a sender took the inverter, else what it has now. */
  before(serial: string): Limit | undefined {
    const owned = this.owned.get(serial);
    if (owned) return owned.before;
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

  /** The inverters `sender` owns now. */
  ownedBy(sender: Sender): string[] {
    return [...this.owned].filter(([, owned]) => owned.sender === sender).map(([serial]) => serial);
  }

  /**
   * Sends a non-persistent limit for `sender`, who must own the inverter (else undefined,
   * nothing sent). A command the device did not take is `failure` at once.
   */
  async send(sender: Sender, serial: string, limit: Limit): Promise<SentCommand | undefined> {
    const owned = this.owned.get(serial);
    if (owned?.sender !== sender) return undefined;
    owned.changed = true;
    const command: SentCommand = { serial, sender, limit, sentAt: this.now(), status: 'pending' };
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
   * One round of giving `sender`'s inverters (all, or `serials`) their limit from before:
   * each confirmed, asleep or late one is released; `onSent` hears every command.
   */
  async giveBackRound(sender: Sender, options: GiveBackOptions = {}): Promise<GiveBackResult> {
    const { serials = this.ownedBy(sender), onSent } = options;
    const result: GiveBackResult = { done: true, late: [] };
    for (const serial of serials) {
      const owned = this.owned.get(serial);
      if (owned?.sender !== sender) continue;
      if (!owned.changed) {
        this.owned.delete(serial);
        continue;
      }
      const now = this.now();
      owned.givingBackSince ??= now;
      const next = giveBackNext(
        owned.before,
        this.last.get(serial),
        !this.asleep.has(serial),
        owned.givingBackSince,
        now,
        this.timing,
      );
      if (next === 'done' || next === 'passed' || next === 'late') {
        if (next === 'late') result.late.push(serial);
        this.owned.delete(serial);
        continue;
      }
      result.done = false;
      if (next === 'send') {
        const command = await this.send(sender, serial, owned.before);
        if (command) onSent?.(command);
      }
    }
    return result;
  }

  /** Gives the limits from before back, round after round, until confirmed or the deadline. */
  async giveBack(sender: Sender, options: GiveBackOptions = {}): Promise<GiveBackResult> {
    const late: string[] = [];
    for (;;) {
      await this.refresh();
      const round = await this.giveBackRound(sender, options);
      options.onRound?.();
      late.push(...round.late);
      if (round.done) return { done: late.length === 0, late };
      await new Promise((done) =>
        setTimeout(done, Math.max(FLOOR_MS.round, GIVE_BACK_ROUND_MS / this.speed)),
      );
    }
  }

  /** Stops following the live frames. */
  close(): void {
    this.upstream?.off('frame', this.onFrame);
  }
}
