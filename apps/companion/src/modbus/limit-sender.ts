/**
 * Modbus's limits through the companion's one limit channel (limits/limit-channel.ts), one
 * channel per device: Modbus becomes an inverter's owner as the sender `modbus` (refused
 * while zero export or a schedule window owns it), keeps the watts a client asked for on it,
 * and gives the limit from before back when the client releases it or its revert time
 * passes. Every command is the channel's: non-persistent, acknowledged, at most one per
 * inverter each interval, sent again when the inverter shows it lost the limit (a restart
 * forgets it), never to an inverter that cannot hear. A higher sender taking an inverter over
 * is told (`onLost`).
 */
import type { LimitChannel, Owner, Sender } from '../limits/limit-channel';
import type { Limit } from '../limits/limit-rules';
import type { LogLine } from '../log';

const MODBUS: Sender = 'modbus';
/** Real ms between rounds: sending what waited for its interval, giving back, checking for loss. */
const ROUND_MS = 1000;

/** An inverter's owner, in the words of a log line or a refusal. */
const OWNER_WORDS: Readonly<Record<Owner, string>> = {
  'zero-export': 'zero export',
  schedule: 'a schedule window',
  modbus: 'Modbus',
  owner: 'its owner',
};

export interface Inverter {
  device: string;
  serial: string;
}

interface Wanted extends Inverter {
  /** W to keep on it; undefined: give the limit from before back. */
  watts: number | undefined;
}

const keyOf = ({ device, serial }: Inverter): string => `${device}/${serial}`;

export class ModbusLimits {
  private readonly wanted = new Map<string, Wanted>();
  private readonly stepping = new Set<string>();
  private round: NodeJS.Timeout | undefined;

  constructor(
    private readonly channels: ReadonlyMap<string, LimitChannel>,
    private readonly log: LogLine,
    /** Told when a higher sender takes an inverter Modbus owned. */
    private readonly onLost: (inverter: Inverter, owner: string) => void = () => undefined,
  ) {
    for (const [device, channel] of channels)
      channel.onLost(MODBUS, (serial) => {
        this.wanted.delete(keyOf({ device, serial }));
        const owner = OWNER_WORDS[channel.ownerOf(serial)];
        this.log(`Modbus: ${owner} took ${serial} (${device}); its Modbus limit ends`);
        this.onLost({ device, serial }, owner);
      });
  }

  start(): void {
    this.round = setInterval(() => {
      for (const key of this.wanted.keys()) void this.step(key);
    }, ROUND_MS);
  }

  /**
   * Makes Modbus the owner of every inverter, or of none: the reason names the one another
   * sender owns (or whose limits its device has not told yet).
   */
  async take(inverters: readonly Inverter[]): Promise<string | undefined> {
    const devices = new Set(inverters.map((inverter) => inverter.device));
    await Promise.all([...devices].map((device) => this.channels.get(device)?.refresh()));
    const taken: Inverter[] = [];
    for (const inverter of inverters) {
      const channel = this.channels.get(inverter.device);
      const had = channel?.ownerOf(inverter.serial) === MODBUS;
      if (channel?.take(MODBUS, inverter.serial)) {
        if (!had) taken.push(inverter);
        continue;
      }
      // Nothing was sent to those taken just now: they go back to the owner as they are.
      for (const back of taken) this.channels.get(back.device)?.release(MODBUS, back.serial);
      const owner = channel?.ownerOf(inverter.serial) ?? 'owner';
      return owner === 'owner'
        ? `${inverter.device} has not told the limits of ${inverter.serial} yet`
        : `${OWNER_WORDS[owner]} owns ${inverter.serial} (${inverter.device})`;
    }
    return undefined;
  }

  /** Keeps `watts` on an inverter Modbus owns; sent now, or when its interval allows. */
  keep(inverter: Inverter, watts: number): void {
    this.wanted.set(keyOf(inverter), { ...inverter, watts });
    void this.step(keyOf(inverter));
  }

  /** Gives the limit from before back (confirmed, or until the channel's deadline). */
  release(inverter: Inverter): void {
    const wanted = this.wanted.get(keyOf(inverter));
    if (wanted) wanted.watts = undefined;
    else this.wanted.set(keyOf(inverter), { ...inverter, watts: undefined });
    void this.step(keyOf(inverter));
  }

  /** Gives back every inverter Modbus owns, and waits for it (the companion stops). */
  async close(): Promise<void> {
    clearInterval(this.round);
    this.wanted.clear();
    await Promise.all([...this.channels.values()].map((channel) => channel.giveBack(MODBUS)));
  }

  /** One look at one inverter: what to send, if anything. One at a time per inverter. */
  private async step(key: string): Promise<void> {
    if (this.stepping.has(key)) return;
    this.stepping.add(key);
    try {
      const wanted = this.wanted.get(key);
      const channel = wanted && this.channels.get(wanted.device);
      if (!wanted || !channel) return;
      const { serial } = wanted;
      if (channel.ownerOf(serial) !== MODBUS) {
        this.wanted.delete(key);
        return;
      }
      await channel.refresh();
      if (wanted.watts === undefined) {
        await channel.giveBackRound(MODBUS, { serials: [serial] });
        if (channel.ownerOf(serial) !== MODBUS && this.wanted.get(key) === wanted) this.wanted.delete(key);
        return;
      }
      const limit: Limit = { value: wanted.watts, unit: 'W' };
      const last = channel.lastCommand(serial);
      if (last?.status === 'pending' || channel.isAsleep(serial)) return;
      const same = last?.sender === MODBUS && last.limit.unit === 'W' && last.limit.value === wanted.watts;
      if (same && last?.status === 'ok' && !channel.showsLost(serial, limit)) return;
      if (last && channel.now() - last.sentAt < channel.timing.intervalMs) return;
      const sent = await channel.send(MODBUS, serial, limit);
      this.log(
        `Modbus: ${serial} limit ${wanted.watts} W${sent?.status === 'failure' ? ', not taken by the device' : ''}`,
        'debug',
      );
    } finally {
      this.stepping.delete(key);
    }
  }
}
