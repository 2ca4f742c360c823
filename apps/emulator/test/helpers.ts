import { launchEmulator, type LaunchedEmulator } from '../src/launch';
/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, onTestFailed } from 'vitest';
import { buildDevice, type DeviceOptions } from '../src/app';
import { createManualClock, type ManualClock } from '../src/clock';
import { defaultConfig } from '../src/config/defaults';
import { identityFor } from '../src/config/identity';
import { fillDemoInverters } from '../src/sim/demo-inverters';
import { createRandom, type Random } from '../src/sim/random';

/** A tiny stand-in web bundle, so emulator tests do not need the real build. */
export const FIXTURE_WEBAPP = fileURLToPath(new URL('./fixtures/webapp', import.meta.url));

export const ADMIN_AUTH = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

export interface TestDevice {
  app: FastifyInstance;
  clock: ManualClock;
  dataDir: string;
  restarts: string[];
  /** Closes the device (as a restart would) and builds it again from the same data folder. */
  reboot: () => Promise<void>;
  close: () => Promise<void>;
}

/** A device on a fresh data folder (or the given one), with a clock that moves only when told. */
export async function startTestDevice(
  options: Pick<
    Partial<DeviceOptions>,
    | 'ntpSyncDelayMs'
    | 'failingRadios'
    | 'freshInverters'
    | 'pushIntervalMs'
    | 'sinceMidnight'
    | 'firmware'
    | 'maxConnections'
    | 'weather'
  > & {
    dataDir?: string;
    /** Start like a real device out of the box: all defaults, no demo inverters. */
    blank?: boolean;
    start?: number;
    /**
     * The DTU serial of a fresh device with the demo inverters. The site's weather and grid
     * are seeded by it, so a simulated day comes out the same in every run; by default it
     * follows the name of the temporary folder, which differs from run to run.
     */
    dtuSerial?: number;
  } = {},
): Promise<TestDevice> {
  const { dataDir: given, blank, start, dtuSerial, ...deviceOptions } = options;
  const dataDir = given ?? (await mkdtemp(join(tmpdir(), 'opendtu-emu-')));
  // An empty config.json reads as all defaults (contract §7.2) but is not a first boot, so
  // the emulator does not fill in its demo inverters: the state of a fresh real device.
  if (blank && !given) await writeFile(join(dataDir, 'config.json'), '{}');
  else if (dtuSerial !== undefined && !given) {
    const config = defaultConfig(identityFor(dataDir));
    config.dtu.serial = dtuSerial;
    fillDemoInverters(config.inverters);
    await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  }
  const clock = createManualClock(start ?? Date.parse('2025-06-21T10:00:00Z'));
  const restarts: string[] = [];
  // Time counts as NTP-synced at once unless a test asks for the boot delay.
  const build = (resetReason: 'power-on' | 'software' = 'power-on'): Promise<FastifyInstance> =>
    buildDevice({
      ...deviceOptions,
      dataDir,
      webappDir: FIXTURE_WEBAPP,
      clock,
      requestRestart: (r) => restarts.push(r),
      resetReason,
      ntpSyncDelayMs: deviceOptions.ntpSyncDelayMs ?? 0,
    });
  const device: TestDevice = {
    app: await build(),
    clock,
    dataDir,
    restarts,
    reboot: async () => {
      await device.app.close();
      device.app = await build('software');
    },
    close: async () => {
      await device.app.close();
      if (!given) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return device;
}

/** The body of a device POST: form field `data` holding JSON, url-encoded. */
export function dataForm(data: unknown): { payload: string; headers: Record<string, string> } {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return {
    payload: new URLSearchParams({ data: text }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: ADMIN_AUTH },
  };
}

/** GET with admin credentials; returns status and parsed JSON (undefined for an empty body). */
export async function getJson(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = { authorization: ADMIN_AUTH },
): Promise<{ status: number; body: any }> {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.body === '' ? undefined : JSON.parse(response.body) };
}

/** POST form field `data` (url-encoded, admin credentials); returns status and parsed JSON. */
export async function postData(
  app: FastifyInstance,
  url: string,
  data: unknown,
): Promise<{ status: number; body: any }> {
  const response = await app.inject({ method: 'POST', url, ...dataForm(data) });
  return { status: response.statusCode, body: response.body === '' ? undefined : JSON.parse(response.body) };
}

/**
 * The emulator as its own process on a free port, serving the fixture bundle. `time` starts
 * its clock (`--time`): a test never runs a device on this machine's clock.
 */
export function launchTestProcess(
  dataDir: string,
  time: string,
  args: readonly string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<LaunchedEmulator> {
  return launchEmulator({ dataDir, args: ['--webapp', FIXTURE_WEBAPP, '--time', time, ...args], env });
}

/**
 * One emulator process per test: `start` launches it (as `launchTestProcess`, in a fresh data
 * folder) and answers its base URL; `restart` stops it and launches it again on the same
 * folder, as a user starting it again would; after each test it is stopped and its folder
 * removed. `running()` is the process of the test under way, `folder()` its data folder.
 */
export function processPerTest(name: string): {
  start: (time: string, args?: readonly string[], env?: NodeJS.ProcessEnv) => Promise<string>;
  restart: () => Promise<string>;
  running: () => LaunchedEmulator | undefined;
  folder: () => string | undefined;
} {
  let child: LaunchedEmulator | undefined;
  let dataDir: string | undefined;
  let launch: Parameters<typeof launchTestProcess> | undefined;
  afterEach(async () => {
    await child?.stop();
    child = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });
  const run = async (): Promise<string> => {
    child = await launchTestProcess(...launch!);
    return child.url;
  };
  return {
    start: async (time, args, env) => {
      dataDir = await mkdtemp(join(tmpdir(), `opendtu-${name}-`));
      launch = [dataDir, time, args, env];
      return run();
    },
    restart: async () => {
      await child?.stop();
      return run();
    },
    running: () => child,
    folder: () => dataDir,
  };
}

/**
 * Random inputs a run can replay: the seed is FUZZ_SEED when set, else drawn, and a failure
 * of the test that asked for it says which (`FUZZ_SEED=<seed>` replays it). Call it inside
 * the test.
 */
export function seededRandom(): { seed: number; random: Random } {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  onTestFailed(() => console.log(`seed ${seed}: FUZZ_SEED=${seed} replays this run`));
  return { seed, random: createRandom(seed) };
}
