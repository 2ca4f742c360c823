/**
 * What one device adds to the plant page (issue 33): its inverters and totals as its live
 * data last said, whether it is online, and its firmware. Fed by the device's one upstream
 * socket (the frames every browser gets) and, when the socket comes up and every minute
 * after, by the device's whole inverter list (GET /api/livedata/status), so an inverter
 * deleted or renamed on the device does not linger and the totals are right before the
 * first frame. Offline, the last values stay, for the page to show greyed.
 *
 * A frame is only kept (the entries the live-data parse already made, shared, never
 * changed); the plant's entries are made from them when the plant is asked for, every few
 * seconds while its page is open, instead of at every frame of every device.
 */
import type { EventEmitter } from 'node:events';
import {
  detectFirmware,
  isLiveInverterFull,
  liveValue,
  type LimitScheme,
  type LiveInverterRead,
  type PlantDevice,
  type PlantInverter,
  type PlantString,
} from '@opendtu/api';
import { frameInverters, frameJson, listedInverters } from '../live/frame';
import type { UpstreamEvents, UpstreamState } from '../live/upstream';

/** Real ms between re-reads of the device's inverter list while it is online. */
export const LIST_REFRESH_MS = 60_000;

/** The device's answers the watch asks for itself; undefined when it gave none. */
export interface PlantSource {
  /** GET /api/livedata/status (every inverter, the totals). */
  liveStatus(): Promise<unknown>;
  /** GET /api/system/status (the firmware's `git_hash`). */
  systemStatus(): Promise<unknown>;
}

interface Upstream extends EventEmitter<UpstreamEvents> {
  state: UpstreamState;
}

const orNull = (value: number | undefined): number | null => value ?? null;

function strings(inverter: LiveInverterRead): PlantString[] {
  if (!isLiveInverterFull(inverter)) return [];
  return Object.keys(inverter.DC)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => {
      const channel = inverter.DC[key]!;
      return {
        name: typeof channel.name?.u === 'string' ? channel.name.u : '',
        power_w: orNull(liveValue(channel, 'Power')),
        yield_day_wh: orNull(liveValue(channel, 'YieldDay')),
      };
    });
}

/** What the device last said of one inverter. */
interface Heard {
  /** Its latest entry, of a frame or of the whole list. */
  entry: LiveInverterRead;
  /** Its latest entry with channels (a list's entries may have none): power, energy and strings. */
  full: LiveInverterRead | undefined;
}

/** One inverter entry as the plant lists it; the strings stay as known when the entry has no channels. */
function plantInverter(device: string, { entry, full }: Heard): PlantInverter {
  const channels = full && isLiveInverterFull(full) ? full : undefined;
  const sums = channels?.INV['0'];
  return {
    device,
    serial: entry.serial,
    name: entry.name,
    order: entry.order,
    reachable: entry.reachable,
    producing: entry.producing,
    power_w: orNull(channels && liveValue(channels.AC['0'], 'Power')),
    yield_day_wh: orNull(liveValue(sums, 'YieldDay')),
    yield_total_kwh: orNull(liveValue(sums, 'YieldTotal')),
    limit_relative: entry.limit_relative,
    data_age_ms: entry.data_age_ms,
    strings: channels ? strings(channels) : [],
  };
}

/** The totals of a frame or list (its `total`); undefined when it has none. */
function totalsOf(message: unknown): PlantDevice['totals'] | undefined {
  const total = (message as { total?: Record<string, object> } | null)?.total;
  const power = liveValue(total, 'Power');
  if (power === undefined) return undefined;
  return {
    power_w: power,
    yield_day_wh: liveValue(total, 'YieldDay') ?? 0,
    yield_total_kwh: liveValue(total, 'YieldTotal') ?? 0,
  };
}

export class PlantWatch {
  private readonly inverters = new Map<string, Heard>();
  /** The latest frame or list that had totals. */
  private withTotals: unknown;
  private firmware: string | null = null;
  private scheme: LimitScheme | undefined;
  private offlineSince: number;
  private refresh: NodeJS.Timeout | undefined;

  constructor(
    readonly name: string,
    private readonly upstream: Upstream,
    private readonly source: PlantSource,
    private readonly now: () => number = Date.now,
  ) {
    this.offlineSince = now();
    upstream.on('frame', (text) => this.frame(text));
    upstream.on('state', (state) => {
      clearInterval(this.refresh);
      if (state !== 'up') {
        this.offlineSince = this.now();
        return;
      }
      // After a restart the device may run another release (an upgrade): asked again.
      void this.readAll(true);
      this.refresh = setInterval(() => void this.readAll(false), LIST_REFRESH_MS);
    });
  }

  stop(): void {
    clearInterval(this.refresh);
  }

  get online(): boolean {
    return this.upstream.state === 'up' && this.withTotals !== undefined;
  }

  device(): PlantDevice {
    const online = this.online;
    return {
      name: this.name,
      online,
      offline_since: online ? null : new Date(this.offlineSince).toISOString(),
      firmware: this.firmware,
      inverters: this.inverters.size,
      totals: this.withTotals === undefined ? null : totalsOf(this.withTotals)!,
    };
  }

  /** How its firmware encodes a persistent limit; undefined until its release is known. */
  get limitScheme(): LimitScheme | undefined {
    return this.scheme;
  }

  /** The device's inverters in its own order. */
  list(): PlantInverter[] {
    return [...this.inverters.values()]
      .map((heard) => plantInverter(this.name, heard))
      .sort((a, b) => a.order - b.order);
  }

  /** The serials of the device's inverters. */
  serials(): string[] {
    return [...this.inverters.keys()];
  }

  private frame(text: string): void {
    const message = frameJson(text);
    if (message !== undefined) this.take(message, frameInverters(text));
  }

  /** A frame or the whole list: each inverter's entry kept (the list has dropped those it lacks). */
  private take(message: unknown, entries: readonly LiveInverterRead[]): void {
    for (const entry of entries) {
      const full = isLiveInverterFull(entry) ? entry : this.inverters.get(entry.serial)?.full;
      this.inverters.set(entry.serial, { entry, full });
    }
    if (totalsOf(message) !== undefined) this.withTotals = message;
  }

  private async readAll(withFirmware: boolean): Promise<void> {
    try {
      const [live, system] = await Promise.all([
        this.source.liveStatus(),
        withFirmware || this.firmware === null ? this.source.systemStatus() : undefined,
      ]);
      if (live !== undefined) this.take(live, listedInverters(this.inverters, live));
      const clues = system as { git_hash?: unknown; config_version?: unknown } | undefined;
      if (typeof clues?.git_hash === 'string') {
        this.firmware = clues.git_hash;
        const configVersion = typeof clues.config_version === 'string' ? clues.config_version : '';
        this.scheme = detectFirmware({
          git_hash: clues.git_hash,
          config_version: configVersion,
        }).capabilities.limitScheme;
      }
    } catch {
      // The device went away between the socket and this request: the socket tells.
    }
  }
}
