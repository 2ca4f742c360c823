import type { ControlSettingsBody } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { ALERTS_FILE, readSavedAlerts } from './alerts/settings-file';
import { buildCompanion, VERSION } from './app';
import { CONTROL_FILE, readSavedControl } from './control/settings-file';
import { ConfigError, DEFAULT_PORT, ensureDataDir, parseCli, USAGE, type CompanionOptions } from './cli';
import type { DemoDevice } from './demo';
import { createLogger, type Logger } from './log';
import { notifySystemd } from './ops/systemd-notify';
import { buildPlant } from './plant-app';
import { plantDevices } from './plant-start';

/** This machine's networks; none where listing them is not allowed (systemd without AF_NETLINK). */
function lanInterfaces(): ReturnType<typeof networkInterfaces> {
  try {
    return networkInterfaces();
  } catch {
    return {};
  }
}

/** The addresses to open the page at: this machine, and its LAN addresses when bound to all. */
function openUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::')
    return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const lan = Object.values(lanInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address!.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

/**
 * The demo's virtual DTU is the emulator package, which exists in a checkout; the installed
 * server (`npm run pack`) ships without it and needs --device.
 */
function demoAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('@opendtu/emulator/package.json');
    return true;
  } catch {
    return false;
  }
}

/** What must never be printed: the password, the token, credentials inside the push URL. */
function secretsOf(options: CompanionOptions): string[] {
  const secrets = [options.password ?? '', options.influxToken ?? ''];
  for (const device of options.devices) secrets.push(device.password ?? '');
  for (const channel of options.alertChannels) secrets.push(...channel.secrets);
  if (options.control?.meter.password) secrets.push(options.control.meter.password);
  for (const { spec } of options.meters) if (spec.password) secrets.push(spec.password);
  const url = options.influxUrl;
  if (url) {
    secrets.push(decodeURIComponent(url.password), url.password);
    for (const [key, value] of url.searchParams)
      if (/^(p|pw|pass|password|token|auth.*)$/i.test(key)) secrets.push(value, encodeURIComponent(value));
  }
  return secrets;
}

/** The virtual DTU's admin password: the device's factory default. */
const DEMO_PASSWORD = 'openDTU42';

interface Saved {
  alerts: boolean;
  /** The controller's settings from control.json. */
  control: ControlSettingsBody | undefined;
}

async function serve(options: CompanionOptions, logger: Logger, saved: Saved): Promise<void> {
  const { log } = logger;
  const demos: DemoDevice[] = [];
  const stopDemos = async (): Promise<void> => {
    for (const demo of demos) {
      demo.child.removeAllListeners('exit');
      await demo.stop();
    }
  };
  try {
    if (!options.deviceUrl) {
      log(
        `No --device given: starting ${options.demoPlant ? 'two virtual DTUs as one plant' : 'the virtual DTU'} (the demo)`,
      );
      const { demoMeterUrl, startDemoDevice } = await import('./demo');
      const start = async (folder: string, args: string[]): Promise<DemoDevice> => {
        const demo = await startDemoDevice(join(options.dataDir, folder), args);
        demos.push(demo);
        demo.child.once('exit', (code) => {
          log(`The virtual DTU stopped (${code}); stopping`, 'error');
          process.exit(1);
        });
        return demo;
      };
      // Its house has a grid meter, so zero export can be tried on the Control screen; at the
      // default port its address stays the same from one start to the next (8090), so
      // settings saved with it hold.
      const meterPort = options.port === DEFAULT_PORT ? DEFAULT_PORT + 10 : 0;
      const house = await start('demo-device', [
        ...['--household', '--meter-port', String(meterPort)],
        ...options.demoArgs,
      ]);
      const meter = await demoMeterUrl(house);
      if (meter)
        log(`The virtual DTU's house has a grid meter at ${meter} (Shelly Pro 3EM, Shelly 3EM, Tasmota)`);
      if (options.demoPlant) {
        // A second DTU with other inverters on an older release: the plant's sums, its list
        // by device and each device's own app can be tried without hardware.
        const barn = await start('demo-barn', [
          ...options.demoArgs,
          '--inverters',
          '2',
          '--firmware',
          'v24.10.15',
        ]);
        options = {
          ...options,
          devices: [
            { name: 'house', url: house.url, password: DEMO_PASSWORD },
            { name: 'barn', url: barn.url, password: DEMO_PASSWORD },
          ],
        };
      }
    }
    if (options.devices.length > 1) await listenPlant(options, logger, demos);
    else await listen(options, logger, saved, demos[0]);
  } catch (error) {
    // A start that fails (the data folder in use, the port taken) takes its demo devices
    // with it: left running, one would hold the meter's port against the next start.
    await stopDemos();
    throw error;
  }
}

async function listen(
  options: CompanionOptions,
  logger: Logger,
  saved: Saved,
  demo: DemoDevice | undefined,
): Promise<void> {
  const { log } = logger;
  const deviceUrl = options.deviceUrl ?? demo!.url;
  const app = await buildCompanion({
    deviceUrl,
    // The demo's virtual DTU has the device's factory password (the start line says so), so
    // the server's own requests that need it (the controller's limits) work there too.
    password: options.password ?? (demo ? DEMO_PASSWORD : undefined),
    dataDir: options.dataDir,
    webappDir: options.webappDir,
    speed: options.speed,
    demo: demo !== undefined,
    influxUrl: options.influxUrl,
    influxToken: options.influxToken,
    rawDays: options.rawDays,
    alertChannels: options.alertChannels,
    alertSettings: options.alertSettings,
    alertSource: saved.alerts ? 'saved' : 'options',
    control: options.control,
    controlSaved: saved.control,
    // One device: the meter given is its own, named or not.
    meter: options.meters[0]?.spec,
    schedule: options.schedule,
    log,
    logger: options.verbose
      ? { level: 'info', stream: { write: (line: string) => process.stdout.write(logger.redact(line)) } }
      : false,
  });
  await listenAndTell(app, options, logger);
  log(
    `Device: ${demo ? `the virtual DTU at ${deviceUrl.origin} (log in as admin / ${DEMO_PASSWORD})` : deviceUrl.origin}`,
  );
  log(`History in ${join(options.dataDir, 'history.sqlite')}`);
  if (options.influxUrl) log(`Pushing samples to ${options.influxUrl.origin}`);
  if (saved.control)
    log(
      `Zero export settings from ${join(options.dataDir, CONTROL_FILE)} (saved in the app; --control-* options not used): ${saved.control.enabled ? 'on' : 'off'}`,
    );
  if (saved.alerts)
    log(
      `Alert settings from ${join(options.dataDir, ALERTS_FILE)} (saved in the app; --alert-* options not used)`,
    );
  for (const channel of options.alertChannels) log(`Alerts go to ${channel.masked}`);
  stopOnSignal(app, log, demo ? [demo] : []);
}

/** Several devices: each under /dtu/NAME/, the plant at the root. */
async function listenPlant(options: CompanionOptions, logger: Logger, demos: DemoDevice[]): Promise<void> {
  const { log } = logger;
  const devices = await plantDevices(options, log);
  const app = await buildPlant({
    devices,
    webappDir: options.webappDir,
    log,
    logger: options.verbose
      ? { level: 'info', stream: { write: (line: string) => process.stdout.write(logger.redact(line)) } }
      : false,
  });
  const urls = await listenAndTell(app, options, logger);
  for (const device of devices)
    log(
      `Device ${device.name}: ${device.deviceUrl.origin}, its app at ${urls[0]}/dtu/${device.name}/, history in ${device.dataDir}`,
    );
  if (options.influxUrl) log(`Pushing samples to ${options.influxUrl.origin}`);
  for (const channel of options.alertChannels) log(`Alerts go to ${channel.masked}`);
  if (demos.length) log(`The virtual DTUs: log in as admin / ${DEMO_PASSWORD}`);
  stopOnSignal(app, log, demos);
}

/** Listens, and says where: the first line is what a person or a launcher waits for. */
async function listenAndTell(
  app: FastifyInstance,
  options: CompanionOptions,
  logger: Logger,
): Promise<string[]> {
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const urls = openUrls(options.host, port);
  // Printed at every level: whoever started the server (a person, a launcher) waits for it.
  logger.always(`OpenDTU companion ${VERSION} listening on ${urls[0]}`);
  for (const url of urls.slice(1)) logger.log(`  on your network: ${url}`);
  return urls;
}

function stopOnSignal(app: FastifyInstance, log: Logger['log'], demos: DemoDevice[]): void {
  const systemd = notifySystemd(app, log);
  const stop = async (): Promise<void> => {
    for (const demo of demos) demo.child.removeAllListeners('exit');
    systemd.stop();
    await app.close();
    for (const demo of demos) await demo.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCli>;
  const saved: Saved = { alerts: false, control: undefined };
  try {
    // npm runs workspace scripts in the workspace folder; relative paths the user typed
    // (--data, --webapp) mean the folder npm was started from (INIT_CWD).
    options = parseCli(process.argv.slice(2), {
      cwd: process.env.INIT_CWD ?? process.cwd(),
      demo: demoAvailable(),
    });
    if (options === 'help') return console.log(USAGE);
    if (options === 'version') return console.log(VERSION);
    await ensureDataDir(options.dataDir, options.dataLabel);
    // A plant reads each device's saved settings from that device's folder (plant-start.ts).
    if (options.devices.length > 1) return await startLogged(options, saved);
    // Settings saved in the app stand in for the --alert-* options.
    const alerts = await readSavedAlerts(options.dataDir).catch((error: Error) => {
      throw new ConfigError(error.message);
    });
    if (alerts) {
      options = { ...options, alertChannels: alerts.channels, alertSettings: alerts.settings };
      saved.alerts = true;
    }
    // And the controller's settings saved there for the --control-* options.
    const control = await readSavedControl(options.dataDir).catch((error: Error) => {
      throw new ConfigError(error.message);
    });
    if (control) {
      options = { ...options, control: control.config };
      saved.control = control.body;
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line, before anything started: a service manager's log shows the cause at once.
    console.error(`opendtu-companion: ${error.message}`);
    process.exit(2);
  }
  await startLogged(options, saved);
}

async function startLogged(options: CompanionOptions, saved: Saved): Promise<void> {
  const logger = createLogger({ level: options.logLevel, secrets: secretsOf(options) });
  try {
    if (options.restoreFile) {
      const { restoreCommand } = await import('./restore-command');
      restoreCommand(options.dataDir, options.restoreFile, logger.log);
    } else {
      await serve(options, logger, saved);
    }
  } catch (error) {
    logger.log(error instanceof Error ? error.message : String(error), 'error');
    process.exit(1);
  }
}

await main();
