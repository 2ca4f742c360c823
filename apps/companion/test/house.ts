// The virtual DTU with its simulated house and grid meter (--household --meter-port 0) as
// its own process, and what the zero-export and schedule tests read of it: the meter's
// address, the device's limit status and the limit commands its console reported.
import type { LimitStatusMap } from '@opendtu/api';
import type { ControlConfig } from '../src/control/config';
import { parseControlOptions, type ControlOptionName } from '../src/control/options';
import { startDemoDevice, type DemoDevice } from '../src/demo';
import { localTimeAt, posixTzOrUtc } from '@opendtu/server-kit/posix-tz';
import {
  ADMIN_AUTH,
  call,
  FIXTURE_WEBAPP,
  openSocket,
  readDeviceClock,
  until,
  type SocketClient,
} from './helpers';
import { withFixedSky } from './fixed-sky';

export interface House {
  device: DemoDevice;
  /** The meter's own address (every form it answers in is below it). */
  meterUrl: string;
  limitStatus: () => Promise<LimitStatusMap>;
  /** Every "Set limit ..." line of the device's console that has arrived so far. */
  limitLines: () => string[];
  /** Waits until all the device has printed so far has arrived ({@link consoleCaughtUp}). */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
}

export const limitStatusOf = async (deviceUrl: URL): Promise<LimitStatusMap> =>
  (await call(new URL('api/limit/status', deviceUrl).href, { auth: ADMIN_AUTH })).body as LimitStatusMap;

/** The console's lines so far that match. */
export const consoleLines = (console: SocketClient, pattern: RegExp): string[] =>
  console.frames
    .join('')
    .split(/\r?\n/)
    .filter((line) => pattern.test(line));

/**
 * Waits until everything the device printed so far has reached `console`. The console comes
 * over its own socket: a loaded machine can hand a test a later HTTP answer (a limit
 * confirmed) before a frame the device sent earlier, so a test reads the console after
 * this, not after an answer of another channel. A second client connects, the device prints
 * its connect line to every client, and `console` waits for it: one stream, so whatever was
 * printed before it has come before it.
 */
export async function consoleCaughtUp(console: SocketClient, deviceUrl: URL): Promise<void> {
  const connects = () => consoleLines(console, /\] connect$/).length;
  const before = connects();
  const marker = await openConsole(deviceUrl);
  try {
    await until(() => connects() > before, 30_000, 'the console marker');
  } finally {
    marker.socket.close();
  }
}

/** Zero export with `meter`, quicker than the defaults: one command per inverter every 5 s, the meter every second. */
export function quickControl(meter: string): ControlConfig {
  const values: Partial<Record<ControlOptionName, string>> = {
    'control-meter': meter,
    'control-interval': '5',
    'control-poll': '1',
  };
  return parseControlOptions(
    (name) => `--${name}`,
    (name) => values[name],
  )!;
}

/** The device's local time of day now, in whole minutes after midnight. */
export async function deviceMinute(deviceUrl: URL): Promise<number> {
  const { time, timezone } = await readDeviceClock(deviceUrl);
  const local = localTimeAt(posixTzOrUtc(timezone), time);
  return local.hour * 60 + local.minute;
}

/** Minutes after midnight as a schedule's "HH:MM". */
export const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The device's console, as its owner's browser would open it. */
export function openConsole(deviceUrl: URL): Promise<SocketClient> {
  const ws = new URL('console', deviceUrl);
  ws.protocol = 'ws:';
  return openSocket(ws.href, { Authorization: ADMIN_AUTH });
}

/**
 * The house's device, its clock started at `time` (`--time`, on the device's wall clock).
 * Its sky and its house are fixed (a clear day, house 32) unless `args` choose them: drawn
 * from the DTU serial, which follows the temporary folder's name, they would differ from
 * run to run.
 */
export async function startHouse(
  dataDir: string,
  time: string,
  args: readonly string[] = [],
): Promise<House> {
  const device = await startDemoDevice(dataDir, [
    ...['--webapp', FIXTURE_WEBAPP, '--household', '--meter-port', '0', '--time', time],
    ...(args.includes('--household-seed') ? [] : ['--household-seed', '32']),
    ...withFixedSky(args),
  ]);
  const listening = /meter listening on (\S+)/;
  await until(() => listening.test(device.output()), 20_000, 'the meter');
  const console = await openConsole(device.url);
  return {
    device,
    meterUrl: listening.exec(device.output())![1]!,
    limitStatus: () => limitStatusOf(device.url),
    limitLines: () => consoleLines(console, /Set limit/),
    caughtUp: () => consoleCaughtUp(console, device.url),
    stop: async () => {
      console.socket.close();
      await device.stop();
    },
  };
}
