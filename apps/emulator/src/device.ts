import type { EventEmitter } from 'node:events';
import type { Clock } from './clock';
import type { ConfigStore } from './config/store';
import type { Identity } from './config/identity';
import type { ConsoleLog } from './console-log';

/** What changed, so runtime parts (simulation, MQTT, sockets) can follow the config. */
export interface DeviceEvents {
  'config-saved': [section: ConfigSection];
  /** The device is about to go down (restart or shutdown): stop timers, close sockets. */
  shutdown: [];
}

export type ConfigSection = 'network' | 'ntp' | 'mqtt' | 'dtu' | 'device' | 'security' | 'inverters' | 'all';

/** The two radio modules as the system status reports them (contract §2.4). */
export interface RadioState {
  nrf: { configured: boolean; connected: boolean; pvariant: boolean };
  cmt: { configured: boolean; connected: boolean };
}

/**
 * The running device: what every route and runtime part shares. One instance per boot;
 * a restart builds a new one from config.json on disk.
 */
export interface Device {
  readonly dataDir: string;
  readonly clock: Clock;
  readonly identity: Identity;
  readonly config: ConfigStore;
  readonly console: ConsoleLog;
  readonly events: EventEmitter<DeviceEvents>;
  /** Which radios the pin mapping configures and which respond (decides which inverters run). */
  radios(): RadioState;
  /** Milliseconds since boot, in simulated time (runs `clock.speed` times faster). */
  uptimeMs(): number;
  /** Restarts the device about 1 s from now, after the current response has gone out. */
  restart(reason: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    device: Device;
  }
}
