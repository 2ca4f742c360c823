import type { FastifyPluginAsync } from 'fastify';
import { ConsoleHub } from '../live/console-hub';
import { MqttPublisher } from '../mqtt/publisher';
import { LivedataHub } from '../live/livedata-hub';
import { registerSocket } from '../live/socket-routes';
import { fillDemoInverters } from '../sim/demo-inverters';
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

/** Live data, commands, inverter details and the sockets (contract sections 5, 6, 9, 12). */
export const runtimeApi: FastifyPluginAsync<{ sinceMidnight?: boolean }> = async (app, options) => {
  const { device } = app;
  if (device.config.created) {
    fillDemoInverters(device.config.get().inverters);
    await device.config.save();
  }
  const sim = await Simulation.start(device, { sinceMidnight: options.sinceMidnight ?? false });
  device.inverters.attach(sim);

  const livedata = new LivedataHub(device, sim);
  const consoleHub = new ConsoleHub(device.console);
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

  // One real-time tick drives everything: the world catches up with the clock, then the
  // push task runs, as the firmware's 1 s websocket task does.
  let ticks = 0;
  const timer = setInterval(() => {
    sim.sync();
    livedata.tick();
    publisher.tick();
    consoleHub.clients.enforceLimit();
    ticks += 1;
    if (ticks % YIELD_SAVE_TICKS === 0) void sim.saveYields();
  }, 1000);
  timer.unref();

  app.addHook('onClose', async () => {
    clearInterval(timer);
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
