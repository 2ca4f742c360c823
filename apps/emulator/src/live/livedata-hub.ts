/**
 * The /livedata push task (contract §5.4): once per second, only while clients are
 * connected, one frame per inverter whose data changed since its last push or whose last
 * push is more than 10 s old. Nothing at all with zero inverters; no greeting on connect.
 */
import type { Device } from '../device';
import type { Simulation } from '../sim/simulation';
import { liveInverter } from './livedata-response';
import { DEVICE_MAX_CLIENTS, SocketClients } from '@opendtu/server-kit/socket-fanout';

const FORCED_PUSH_MS = 10_000;

export class LivedataHub {
  readonly clients: SocketClients;
  private readonly lastPush = new Map<number, { seq: number; at: number }>();

  constructor(
    private readonly device: Device,
    private readonly sim: Simulation,
    private readonly realNow: () => number = Date.now,
    /** Real milliseconds after which an unchanged inverter is pushed again. */
    private readonly forcedPushMs = FORCED_PUSH_MS,
  ) {
    this.clients = new SocketClients(
      '/livedata',
      (line) => device.console.line(line, 'webapi', 'D'),
      DEVICE_MAX_CLIENTS,
    );
  }

  tick(): void {
    this.clients.enforceLimit();
    if (this.clients.size === 0) return;
    const now = this.realNow();
    for (const { inverter } of this.sim.entries()) {
      const last = this.lastPush.get(inverter.serial);
      if (last && last.seq === inverter.updateSeq && now - last.at <= this.forcedPushMs) continue;
      this.lastPush.set(inverter.serial, { seq: inverter.updateSeq, at: now });
      this.clients.broadcast(JSON.stringify(liveInverter(this.device, this.sim, inverter.serial)));
    }
  }
}
