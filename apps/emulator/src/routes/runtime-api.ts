import type { FastifyPluginAsync } from 'fastify';
import { registerSocket } from '../http/socket-route';
import { ConsoleHub } from '../live/console-hub';
import { MqttPublisher } from '../mqtt/publisher';
import { LivedataHub } from '../live/livedata-hub';
import { fillSixStringInverters } from '../sim/bench-inverters';
import { fillDemoInverters } from '../sim/demo-inverters';
import type { WeatherClass } from '../sim/weather';
import { Simulation } from '../sim/simulation';
import { devinfoRoutes } from './devinfo';
import { eventlogRoutes } from './eventlog';
import { gridprofileRoutes } from './gridprofile';
import { limitRoutes } from './limit';
import { livedataRoutes } from './livedata';
import { powerRoutes } from './power';
import { prometheusRoutes } from './prometheus';

/** Real seconds between writes of the lifetime yields. */
const YIELD_SAVE_TICKS = 60;

/** The device's live-data push task runs once per second. */
const PUSH_INTERVAL_MS = 1000;

export interface RuntimeOptions {
  /** A fresh config.json gets this many six-string inverters instead of the demo ones. */
  freshInverters?: number;
  /** Real milliseconds between live-data pushes (benchmarks push faster than the device). */
  pushIntervalMs?: number;
  /** Live through today from local midnight at boot (the command line does; tests opt in). */
  sinceMidnight?: boolean;
  /** Every day's sky, when forced. */
  weather?: WeatherClass;
}

/** Live data, commands, inverter details and the sockets (contract sections 5, 6, 9, 12). */
export const runtimeApi: FastifyPluginAsync<RuntimeOptions> = async (app, options) => {
  const { device } = app;
  if (device.config.created) {
    const slots = device.config.get().inverters;
    if (options.freshInverters) fillSixStringInverters(slots, options.freshInverters);
    else fillDemoInverters(slots);
    await device.config.save();
  }
  const sim = await Simulation.start(device, {
    sinceMidnight: options.sinceMidnight ?? false,
    weather: options.weather,
  });
  device.inverters.attach(sim);

  // A faster push task keeps the device's rhythm: the forced push comes after 10 runs.
  const pushIntervalMs = options.pushIntervalMs ?? PUSH_INTERVAL_MS;
  const livedata = new LivedataHub(device, sim, Date.now, pushIntervalMs * 10);
  // A device that vanished (a fault on purpose) sends nothing: no frames, no MQTT.
  const vanished = (): boolean => device.faults.vanished(Date.now());
  const consoleHub = new ConsoleHub(device.console, vanished);
  const publisher = new MqttPublisher(device, sim);
  registerSocket(app, livedata.clients, 'live websocket');
  registerSocket(app, consoleHub.clients, 'console websocket');

  device.events.on('config-saved', (section) => {
    sim.onConfigSaved(section);
    if (section === 'inverters' || section === 'mqtt' || section === 'all') publisher.invalidateDiscovery();
    if (section === 'security' && !device.config.get().security.allow_readonly) {
      livedata.clients.closeAll();
      consoleHub.clients.closeAll();
    }
  });
  device.events.on('stats-reset', (serial) => device.inverters.resetRadioStats(serial));

  // The world catches up with the clock before each push, as the firmware's 1 s websocket
  // task reads the inverters' latest data; MQTT and housekeeping keep a 1 s tick.
  const pushTimer = setInterval(() => {
    sim.sync();
    if (!vanished()) livedata.tick();
    device.events.emit('push-task');
  }, pushIntervalMs);
  pushTimer.unref();
  let ticks = 0;
  const timer = setInterval(() => {
    sim.sync();
    if (!vanished()) publisher.tick();
    consoleHub.clients.enforceLimit();
    ticks += 1;
    if (ticks % YIELD_SAVE_TICKS === 0) void sim.saveYields();
  }, 1000);
  timer.unref();

  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(pushTimer);
    consoleHub.stop();
    publisher.stop();
    livedata.clients.closeAll();
    consoleHub.clients.closeAll();
    await sim.saveYields();
  });

  const routes = [
    livedataRoutes,
    limitRoutes,
    powerRoutes,
    devinfoRoutes,
    eventlogRoutes,
    gridprofileRoutes,
    prometheusRoutes,
  ];
  for (const plugin of routes) await app.register(plugin, { sim });
};
