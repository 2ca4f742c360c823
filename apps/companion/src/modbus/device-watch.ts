/**
 * What Modbus serves of one DTU, kept current: each inverter's last entry from the live
 * frames the companion already receives (the one upstream socket), the DTU's whole list
 * and each inverter's rated power (GET /api/livedata/status and /api/limit/status when the
 * socket comes up and every minute), the lifetime energies that never fall, and whether an
 * inverter's event log holds an entry that is not over (read again only when its count of
 * entries changes).
 */
import type { EventEmitter } from 'node:events';
import {
  isLiveInverterFull,
  liveValue,
  type EventLogEntry,
  type LimitStatusMap,
  type LiveInverterRead,
} from '@opendtu/api';
import { ROUTINE_ENTRIES } from '../alerts/eventlog-rule';
import type { DeviceAnswer } from '../device/link';
import { frameInverters, frameJson, listedInverters } from '../live/frame';
import type { UpstreamEvents, UpstreamState } from '../live/upstream';
import type { EnergyFloor } from './energy-floor';

/** The event "Shut down by remote control": open while the owner has the inverter switched off. */
const SWITCHED_OFF = 124;

/** Real ms between readings of the device's list and ratings while it is up. */
export const LIST_REFRESH_MS = 60_000;

interface Upstream extends EventEmitter<UpstreamEvents> {
  state: UpstreamState;
}

export interface DeviceReads {
  get(path: string, credentials: 'server'): Promise<DeviceAnswer>;
}

export interface WatchedInverter {
  serial: string;
  name: string;
  order: number;
  entry: LiveInverterRead;
  ratedW: number | undefined;
  /** Its event log holds an entry that is not over, other than the day's routine and a switch-off. */
  fault: boolean;
  /** Its event log holds an open "shut down by remote control": its owner switched it off. */
  switchedOff: boolean;
  /** The event log's count when it was last read. */
  events: number | undefined;
}

/** The floor's key of an inverter's string (an inverter's own key is its serial). */
export const stringKey = (serial: string, index: number): string => `${serial}#${index}`;

export class DeviceWatch {
  private readonly inverters = new Map<string, WatchedInverter>();
  private refresh: NodeJS.Timeout | undefined;
  /** A reading of the list and ratings asked for, not yet answered. */
  private listing: Promise<void> | undefined;
  private listedOnce = false;
  private readonly onFrame = (text: string): void => this.frame(text);
  private readonly onState = (state: UpstreamState): void => this.state(state);

  constructor(
    readonly name: string,
    private readonly upstream: Upstream,
    private readonly link: DeviceReads,
    private readonly floor: EnergyFloor,
  ) {}

  start(): void {
    this.upstream.on('frame', this.onFrame);
    this.upstream.on('state', this.onState);
    if (this.upstream.state === 'up') this.state('up');
  }

  stop(): void {
    clearInterval(this.refresh);
    this.upstream.off('frame', this.onFrame);
    this.upstream.off('state', this.onState);
  }

  get online(): boolean {
    return this.upstream.state === 'up';
  }

  /** Whether the device's whole list was read since its socket came up: an inverter it lacks is gone. */
  get listed(): boolean {
    return this.online && this.listedOnce;
  }

  /** The DTU's inverters in its own order. */
  list(): WatchedInverter[] {
    return [...this.inverters.values()].sort((a, b) => a.order - b.order);
  }

  private state(state: UpstreamState): void {
    clearInterval(this.refresh);
    this.listedOnce = false;
    if (state !== 'up') return;
    void this.readList();
    this.refresh = setInterval(() => void this.readList(), LIST_REFRESH_MS);
  }

  private frame(text: string): void {
    if (frameJson(text) !== undefined) this.take(frameInverters(text), false);
  }

  /** A frame's inverters or the whole list's (which has dropped those it lacks): each one's entry updated. */
  private take(entries: readonly LiveInverterRead[], whole: boolean): void {
    for (const entry of entries) {
      const before = this.inverters.get(entry.serial);
      // The list's entries lack the channels: the last frame's stay, with the list's state.
      const kept =
        !isLiveInverterFull(entry) && before && isLiveInverterFull(before.entry)
          ? { ...before.entry, ...entry, AC: before.entry.AC, DC: before.entry.DC, INV: before.entry.INV }
          : entry;
      const inverter: WatchedInverter = {
        serial: entry.serial,
        name: entry.name,
        order: entry.order,
        entry: kept,
        ratedW: before?.ratedW,
        fault: before?.fault ?? false,
        switchedOff: before?.switchedOff ?? false,
        events: before?.events,
      };
      this.inverters.set(entry.serial, inverter);
      if (isLiveInverterFull(entry)) this.takeEnergy(entry);
      this.checkEvents(inverter, before);
      // An inverter added on the DTU: its rated power now rather than at the next minute.
      if (!before && !whole) void this.readList();
    }
  }

  private takeEnergy(entry: LiveInverterRead & { INV: object; DC: object }): void {
    const full = entry as unknown as { INV: Record<string, object>; DC: Record<string, object> };
    const total = liveValue(full.INV['0'], 'YieldTotal');
    this.floor.take(entry.serial, total === undefined ? undefined : Math.round(total * 1000));
    for (const key of Object.keys(full.DC)) {
      const string = liveValue(full.DC[key], 'YieldTotal');
      this.floor.take(
        stringKey(entry.serial, Number(key)),
        string === undefined ? undefined : Math.round(string * 1000),
      );
    }
  }

  /**
   * Reads the event log again when its count changed (new entries, or old ones gone) or the
   * inverter began or stopped producing (an open entry may have ended: switched on again).
   */
  private checkEvents(inverter: WatchedInverter, before: WatchedInverter | undefined): void {
    const count = (inverter.entry as { events?: unknown }).events;
    if (typeof count !== 'number' || !inverter.entry.reachable) return;
    const turned = before !== undefined && before.entry.producing !== inverter.entry.producing;
    if (count === inverter.events && !turned) return;
    inverter.events = count;
    if (count <= 0) {
      inverter.fault = false;
      inverter.switchedOff = false;
      return;
    }
    void this.readEvents(inverter.serial);
  }

  private async readEvents(serial: string): Promise<void> {
    const answer = await this.json(`api/eventlog/status?inv=${serial}&locale=en`);
    const events = (answer as { events?: EventLogEntry[] } | undefined)?.events;
    const inverter = this.inverters.get(serial);
    if (!inverter || !Array.isArray(events)) return;
    const open = events.filter((event) => event.end_time === 0);
    inverter.switchedOff = open.some((event) => event.message_id === SWITCHED_OFF);
    inverter.fault = open.some(
      (event) => !ROUTINE_ENTRIES.has(event.message_id) && event.message_id !== SWITCHED_OFF,
    );
  }

  private readList(): Promise<void> {
    this.listing ??= this.readListNow().finally(() => (this.listing = undefined));
    return this.listing;
  }

  private async readListNow(): Promise<void> {
    const [live, limits] = await Promise.all([
      this.json('api/livedata/status'),
      this.json('api/limit/status'),
    ]);
    if (live !== undefined) {
      this.take(listedInverters(this.inverters, live), true);
      this.listedOnce = true;
    }
    const status = limits as LimitStatusMap | undefined;
    if (status && typeof status === 'object')
      for (const [serial, entry] of Object.entries(status)) {
        const inverter = this.inverters.get(serial);
        if (inverter && typeof entry?.max_power === 'number' && entry.max_power > 0)
          inverter.ratedW = entry.max_power;
      }
  }

  private async json(path: string): Promise<unknown> {
    try {
      const answer = await this.link.get(path, 'server');
      return answer.status === 200 ? answer.json : undefined;
    } catch {
      // The device went away between the socket and this request: the socket tells.
      return undefined;
    }
  }
}
