import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock';
import { ConfigStore } from './config/store';
import { readFirmwareImage } from './config/firmware-image';
import { identityFor } from './config/identity';
import { ConsoleLog } from './console-log';
import { firmwareProfile, type EmulatedRelease } from './firmware/profiles';
import { cmtPinsValid, loadPinMapping, nrfPinsValid } from './config/pin-mapping';
import type { Device, DeviceEvents, ResetReason } from './device';
import { answerUnreadableBodies } from './http/body-errors';
import { clientTimeouts } from './http/connections';
import { abortUnknownMethods } from './http/methods';
import { registerBodyParsers } from './http/post-data';
import { configApi } from './routes/config-api';
import { registerFaultControl } from './routes/emulator-faults';
import { runtimeApi } from './routes/runtime-api';
import { registerWebapp, loadWebapp } from '@opendtu/server-kit/static-files';
import { MqttConnection } from './mqtt/connection';
import { FaultState } from './sim/faults';
import { InverterRegistry } from './sim/registry';
import type { WeatherClass } from './sim/weather';
import { createDeviceTime } from './time/device-time';

export interface DeviceOptions {
  /** Folder holding config.json and the other files of the device's file system. */
  dataDir: string;
  /** Folder holding the six files of the web bundle to serve. */
  webappDir: string;
  clock: Clock;
  /** Asks the process that runs the device to restart it (reboot, restore, ...). */
  requestRestart: (reason: string) => void;
  /** Fastify logger setting; off unless the command line asks for it. */
  logger?: boolean | { level: string };
  /** 'power-on' for the first boot of the process (default), 'software' after a restart. */
  resetReason?: ResetReason;
  /** Real milliseconds until the emulated NTP sync (default 2000; tests use 0). */
  ntpSyncDelayMs?: number;
  /** Radios that do not answer although wired (a test state; default: both answer). */
  failingRadios?: { nrf?: boolean; cmt?: boolean };
  /** A fresh config.json gets this many six-string inverters instead of the demo ones. */
  freshInverters?: number;
  /** Real milliseconds between live-data pushes (default 1000, as the device). */
  pushIntervalMs?: number;
  /** Live through today from local midnight at boot (the command line does; tests opt in). */
  sinceMidnight?: boolean;
  /** Every day's sky (`--weather`); drawn per day from the DTU serial when not given. */
  weather?: WeatherClass;
  /** The firmware release to play (default v25.4.10, the contract). */
  firmware?: EmulatedRelease;
  /** Connections served at once, sockets included; more are closed at once (default: no limit). */
  maxConnections?: number;
  /** Faults on purpose, owned by the process so they outlast a restart (default: a fresh set). */
  faults?: FaultState;
}

/** The virtual device as a Fastify instance: what server.ts listens with and tests inject into. */
export async function buildDevice(options: DeviceOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...clientTimeouts(),
    logger: options.logger ?? false,
    // The device answers HEAD like any unmatched request (index.html), not as a GET.
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (options.maxConnections) app.server.maxConnections = options.maxConnections;
  const identity = identityFor(options.dataDir);
  const release = firmwareProfile(options.firmware);
  const config = await ConfigStore.open(options.dataDir, identity, release);
  const bootReal = Date.now();
  let restarting = false;
  const uptimeMs = (): number => (Date.now() - bootReal) * options.clock.speed;
  const firmware = await readFirmwareImage(options.dataDir);
  const pinMapping = await loadPinMapping(options.dataDir, config.get().device.pinmapping);
  const nrfConfigured = nrfPinsValid(pinMapping.pins);
  const cmtConfigured = cmtPinsValid(pinMapping.pins);
  const nrfConnected = nrfConfigured && !options.failingRadios?.nrf;
  const cmtConnected = cmtConfigured && !options.failingRadios?.cmt;
  const events = new EventEmitter<DeviceEvents>();
  const consoleLog = new ConsoleLog(release.consoleFormat, uptimeMs, () => options.clock.now());
  const mqttConnection = new MqttConnection(identity.apName);
  const device: Device = {
    dataDir: options.dataDir,
    clock: options.clock,
    identity,
    config,
    console: consoleLog,
    events,
    radios: () => ({
      nrf: { configured: nrfConfigured, connected: nrfConnected, pvariant: nrfConnected },
      cmt: { configured: cmtConfigured, connected: cmtConnected },
    }),
    pinMapping,
    time: createDeviceTime({
      clock: options.clock,
      timezone: () => config.get().ntp.timezone,
      uptimeMs,
      syncDelayMs: options.ntpSyncDelayMs,
    }),
    mqtt: mqttConnection,
    inverters: new InverterRegistry(),
    faults: options.faults ?? new FaultState(),
    resetReason: options.resetReason ?? 'power-on',
    firmware,
    release,
    async saveConfig(section) {
      consoleLog.line('Writing configuration file...', 'configuration');
      const written = await config.save();
      if (!written) {
        consoleLog.line('Failed to write configuration file', 'configuration', 'E');
        return false;
      }
      events.emit('config-saved', section);
      return true;
    },
    uptimeMs,
    restart(reason) {
      if (restarting) return;
      restarting = true;
      options.requestRestart(reason);
    },
  };
  app.decorate('device', device);
  app.addHook('onClose', async () => {
    device.events.emit('shutdown');
    await mqttConnection.stop();
  });
  // The broker connection follows the MQTT settings as the firmware's reconnect does.
  events.on('config-saved', (section) => {
    if (section === 'mqtt' || section === 'all') void mqttConnection.apply(config.get().mqtt);
  });
  void mqttConnection.apply(config.get().mqtt);
  if (config.damagedCopy) {
    consoleLog.line(
      `config.json was damaged; kept as ${config.damagedCopy}, unreadable values reset to defaults`,
      'configuration',
      'W',
    );
  }

  abortUnknownMethods(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerBodyParsers(app);
  answerUnreadableBodies(app);
  // Before the device's routes, so that a vanished device holds every one of them.
  await registerFaultControl(app);
  registerWebapp(app, await loadWebapp(options.webappDir), release.zoneSource === 'static');
  await app.register(configApi);
  await app.register(runtimeApi, {
    freshInverters: options.freshInverters,
    pushIntervalMs: options.pushIntervalMs,
    sinceMidnight: options.sinceMidnight ?? false,
    weather: options.weather,
  });
  return app;
}
