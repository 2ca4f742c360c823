/**
 * The companion's process: the command line read (config/cli.ts), the demo's virtual DTUs
 * when no device is given, every device's options loaded (config/load-devices.ts), the app
 * built (app.ts) and listening, and the signals that stop it.
 */
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { ALERTS_FILE } from './alerts/settings-file';
import { buildApp, VERSION } from './app';
import { DEFAULT_PORT, parseCli, USAGE, type CompanionOptions } from './config/cli';
import { ensureDataDir } from './config/data-dir';
import type { DeviceEntry } from './config/devices';
import { loadDevices } from './config/load-devices';
import { ConfigError } from './config/config-error';
import { CONTROL_FILE } from './control/settings-file';
import type { DemoDevice } from './demo';
import type { DeviceOptions } from './device-scope';
import { createLogger, type Logger } from './log';
import { parseMeterSpec } from './meter/meter-spec';
import { readSavedMeter } from './meter/settings-file';
import { notifySystemd } from './ops/systemd-notify';

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

/** What must never be printed: passwords, the token, credentials inside the push URL and channels. */
function secretsOf(options: CompanionOptions, devices: readonly DeviceOptions[] = []): string[] {
  const secrets = [options.password ?? '', options.influxToken ?? ''];
  for (const device of options.devices) secrets.push(device.password ?? '');
  for (const channel of options.alertChannels) secrets.push(...channel.secrets);
  if (options.control?.meter.password) secrets.push(options.control.meter.password);
  for (const { spec } of options.meters) if (spec.password) secrets.push(spec.password);
  // Settings saved in the app have secrets of their own.
  for (const device of devices) {
    for (const channel of device.alertChannels ?? []) secrets.push(...channel.secrets);
    if (device.control?.meter.password) secrets.push(device.control.meter.password);
    if (device.meterSaved?.spec?.password) secrets.push(device.meterSaved.spec.password);
  }
  const url = options.influxUrl;
  if (url) {
    secrets.push(decodeURIComponent(url.password), url.password);
    for (const [key, value] of url.searchParams)
      if (/^(p|pw|pass|password|token|auth.*)$/i.test(key)) secrets.push(value, encodeURIComponent(value));
  }
  return secrets;
}

/** The plant's own folder in the data folder (its grid meter's settings and history). */
const PLANT_FOLDER = 'plant';

/** The virtual DTU's admin password: the device's factory default. */
const DEMO_PASSWORD = 'openDTU42';

/** The demo: one virtual DTU with a house and its grid meter, or (--plant) two as one plant. */
async function startDemo(options: CompanionOptions, log: Logger['log'], demos: DemoDevice[]) {
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
  // The house's meter is the demo's grid meter too (issue 45: the flow and its history),
  // unless --meter names another.
  if (meter && options.meters.length === 0)
    options.meters.push({
      device: options.demoPlant ? 'house' : 'dtu',
      spec: parseMeterSpec(`shelly-pro-3em:${meter}`),
    });
  // The server's own requests that need the password (the controller's limits) work there too.
  if (!options.demoPlant)
    return [{ name: 'dtu', url: house.url, password: options.password ?? DEMO_PASSWORD }];
  // A second DTU with other inverters on an older release: the plant's sums, its list by
  // device and each device's own app can be tried without hardware.
  const barn = await start('demo-barn', [...options.demoArgs, '--inverters', '2', '--firmware', 'v24.10.15']);
  return [
    { name: 'house', url: house.url, password: DEMO_PASSWORD },
    { name: 'barn', url: barn.url, password: DEMO_PASSWORD },
  ];
}

/** Listens, and says where: the first line is what a person or a launcher waits for. */
async function listen(app: FastifyInstance, options: CompanionOptions, logger: Logger): Promise<string[]> {
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const urls = openUrls(options.host, port);
  // Printed at every level: whoever started the server (a person, a launcher) waits for it.
  logger.always(`OpenDTU companion ${VERSION} listening on ${urls[0]}`);
  for (const url of urls.slice(1)) logger.log(`  on your network: ${url}`);
  return urls;
}

/** The start lines: where each device, its history and its settings are. */
function tellDevices(
  options: CompanionOptions,
  devices: readonly DeviceOptions[],
  url: string,
  log: Logger['log'],
  demo: boolean,
): void {
  const one = devices.length === 1 ? devices[0]! : undefined;
  if (one) {
    const origin = one.deviceUrl.origin;
    log(`Device: ${demo ? `the virtual DTU at ${origin} (log in as admin / ${DEMO_PASSWORD})` : origin}`);
    log(`History in ${join(one.dataDir, 'history.sqlite')}`);
  } else
    for (const device of devices)
      log(
        `Device ${device.name}: ${device.deviceUrl.origin}, its app at ${url}/dtu/${device.name}/, history in ${device.dataDir}`,
      );
  if (options.influxUrl) log(`Pushing samples to ${options.influxUrl.origin}`);
  if (one?.controlSaved)
    log(
      `Zero export settings from ${join(one.dataDir, CONTROL_FILE)} (saved in the app; --control-* options not used): ${one.controlSaved.enabled ? 'on' : 'off'}`,
    );
  if (one?.alertSource === 'saved')
    log(
      `Alert settings from ${join(one.dataDir, ALERTS_FILE)} (saved in the app; --alert-* options not used)`,
    );
  for (const channel of one?.alertChannels ?? options.alertChannels) log(`Alerts go to ${channel.masked}`);
  if (!one && demo) log(`The virtual DTUs: log in as admin / ${DEMO_PASSWORD}`);
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

/** The plant's own meter (--meter without a device's name, or its folder's meter.json) and folder. */
async function plantMeterOf(options: CompanionOptions) {
  const dataDir = join(options.dataDir, PLANT_FOLDER);
  await ensureDataDir(dataDir, `${options.dataLabel} (the plant)`);
  const saved = await readSavedMeter(dataDir).catch((error: Error) => {
    throw new ConfigError(`the plant: ${error.message}`);
  });
  return { spec: options.meters.find((entry) => entry.device === undefined)?.spec, saved, dataDir };
}

/** One line, before anything started: a service manager's log shows the cause at once. */
function refuse(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`opendtu-companion: ${error.message}`);
  process.exit(2);
}

async function serve(options: CompanionOptions, logger: Logger): Promise<void> {
  const demos: DemoDevice[] = [];
  try {
    const entries: DeviceEntry[] = options.deviceUrl
      ? options.devices
      : await startDemo(options, logger.log, demos);
    const devices = await loadDevices(options, entries, logger.log, demos.length > 0);
    logger.hide(secretsOf(options, devices));
    const app = await buildApp({
      devices,
      plantMeter: devices.length > 1 ? await plantMeterOf(options) : undefined,
      webappDir: options.webappDir,
      modbus: options.modbus && { options: options.modbus, dataDir: options.dataDir },
      log: logger.log,
      logger: options.verbose
        ? { level: 'info', stream: { write: (line: string) => process.stdout.write(logger.redact(line)) } }
        : false,
    });
    const urls = await listen(app, options, logger);
    tellDevices(options, devices, urls[0]!, logger.log, demos.length > 0);
    stopOnSignal(app, logger.log, demos);
  } catch (error) {
    // A start that fails (the data folder in use, the port taken) takes its demo devices
    // with it: left running, one would hold the meter's port against the next start.
    for (const demo of demos) {
      demo.child.removeAllListeners('exit');
      await demo.stop();
    }
    throw error;
  }
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCli>;
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
  } catch (error) {
    refuse(error);
  }
  const logger = createLogger({ level: options.logLevel, secrets: secretsOf(options) });
  try {
    if (options.restoreFile) {
      const { restoreCommand } = await import('./restore-command');
      restoreCommand(options.dataDir, options.restoreFile, logger.log);
    } else await serve(options, logger);
  } catch (error) {
    if (error instanceof ConfigError) refuse(error);
    logger.log(error instanceof Error ? error.message : String(error), 'error');
    process.exit(1);
  }
}

await main();
