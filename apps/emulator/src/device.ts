import type { EventEmitter } from 'node:events';
import type { Clock } from './clock';
import type { ConfigStore } from './config/store';
import type { FirmwareImage } from './config/firmware-image';
import type { Identity } from './config/identity';
import type { ConsoleLog } from './console-log';
import type { PinMapping } from './config/pin-mapping';
import type { FirmwareProfile } from './firmware/profiles';
import type { MqttConnection } from './mqtt/connection';
import type { FaultState } from './sim/faults';
import type { InverterRegistry } from './sim/registry';
import type { DeviceTime } from './time/device-time';

/** What changed, so runtime parts (simulation, MQTT, sockets) can follow the config. */
export interface DeviceEvents {
  'config-saved': [section: ConfigSection];
  /** GET /api/inverter/stats_reset: reset this inverter's radio statistics. */
  'stats-reset': [serial: number];
  /** The device is about to go down (restart or shutdown): stop timers, close sockets. */
  shutdown: [];
  /** The /livedata push task ran (pushing or not): tests see its time pass by it. */
  'push-task': [];
}

export type ConfigSection =
  'network' | 'ntp' | 'mqtt' | 'dtu' | 'device' | 'security' | 'inverters' | 'logging' | 'all';

/** The two radio modules as the system status reports them (contract §2.4). */
export interface RadioState {
  nrf: { configured: boolean; connected: boolean; pvariant: boolean };
  cmt: { configured: boolean; connected: boolean };
}

/** Why the device booted: first start of the process, or a restart it asked for. */
export type ResetReason = 'power-on' | 'software';

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
  /** The board's pins, from pin_mapping.json at boot (contract §4.3, Appendix B). */
  readonly pinMapping: PinMapping;
  /** Local time, time zone and NTP sync state (contract §3.4-3.8). */
  readonly time: DeviceTime;
  /** The MQTT broker connection (contract §3.9); publish through it. */
  readonly mqtt: MqttConnection;
  /** The running (simulated) inverters: radio statistics reset, instantiation checks. */
  readonly inverters: InverterRegistry;
  /** Faults on purpose (the emulator's own /emulator/faults and `--fault`), kept across restarts. */
  readonly faults: FaultState;
  readonly resetReason: ResetReason;
  /** The application image this boot runs (the last verified OTA upload, or the factory image). */
  readonly firmware: FirmwareImage;
  /** The firmware release it plays (`--firmware`): what its API looks like. */
  readonly release: FirmwareProfile;
  /**
   * Writes config.json (atomically, counting `cfg.save_count`), and on success logs it to
   * the console and emits 'config-saved' with the section. False when the write failed.
   */
  saveConfig(section: ConfigSection): Promise<boolean>;
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
