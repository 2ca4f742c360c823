// The emulator under load: HTTP throughput and latency (autocannon), WebSocket frames
// delivered to the 8 clients the device allows, and its memory after an hour of
// accelerated simulation (VmRSS of the process).
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { INSTALLATION } from '../lib/bundles';
import { setPollInterval } from '../lib/device';
import { startEmulator } from '../lib/emulator';

export interface EmulatorFigures {
  requestsPerSecond: number[];
  p99LatencyMs: number[];
  /** Frames per second summed over the 8 clients, one sample per window. */
  socketFramesPerSecond: number[];
  /** Resident memory in bytes, a few samples near the start and near the end of the hour. */
  rssStart: number[];
  rssAfterHour: number[];
}

export const HTTP_LOAD = { connections: 50, seconds: 3 };
export const SOCKET_LOAD = { clients: 8, speed: 1000, pushIntervalMs: 1, windowMs: 2000 };
/** One simulated hour in 15 real seconds, the push task accelerated alike. */
export const HOUR_SPEED = 240;

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function connect(url: string, onFrame: () => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/livedata`);
    socket.on('message', onFrame);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function httpLoad(runs: number): Promise<Pick<EmulatorFigures, 'requestsPerSecond' | 'p99LatencyMs'>> {
  const emulator = await startEmulator({ ...INSTALLATION });
  try {
    const requestsPerSecond: number[] = [];
    const p99LatencyMs: number[] = [];
    const load = (seconds: number) =>
      autocannon({
        url: `${emulator.url}/api/livedata/status`,
        connections: HTTP_LOAD.connections,
        duration: seconds,
      });
    // A first second unmeasured, so the JIT has compiled the request path.
    await load(1);
    for (let run = 0; run < runs; run += 1) {
      const result = await load(HTTP_LOAD.seconds);
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(`autocannon: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
      }
      requestsPerSecond.push(result.requests.average);
      p99LatencyMs.push(result.latency.p99);
    }
    return { requestsPerSecond, p99LatencyMs };
  } finally {
    await emulator.stop();
  }
}

async function socketLoad(runs: number): Promise<number[]> {
  const emulator = await startEmulator({
    ...INSTALLATION,
    speed: SOCKET_LOAD.speed,
    pushIntervalMs: SOCKET_LOAD.pushIntervalMs,
  });
  const sockets: WebSocket[] = [];
  try {
    await setPollInterval(emulator.url, 1);
    let frames = 0;
    for (let i = 0; i < SOCKET_LOAD.clients; i += 1)
      sockets.push(await connect(emulator.url, () => (frames += 1)));
    await wait(1000);
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const before = frames;
      const start = Date.now();
      await wait(SOCKET_LOAD.windowMs);
      samples.push(((frames - before) * 1000) / (Date.now() - start));
    }
    return samples;
  } finally {
    for (const socket of sockets) socket.terminate();
    await emulator.stop();
  }
}

async function hourOfSimulation(): Promise<Pick<EmulatorFigures, 'rssStart' | 'rssAfterHour'>> {
  const emulator = await startEmulator({
    ...INSTALLATION,
    speed: HOUR_SPEED,
    pushIntervalMs: 1000 / HOUR_SPEED,
  });
  let socket: WebSocket | undefined;
  try {
    await setPollInterval(emulator.url, 1);
    socket = await connect(emulator.url, () => undefined);
    const start = Date.now();
    const rssAt = async (minute: number): Promise<number> => {
      await wait(Math.max(0, start + (minute * 60_000) / HOUR_SPEED - Date.now()));
      return emulator.rss();
    };
    const rssStart: number[] = [];
    for (const minute of [1, 2, 3]) rssStart.push(await rssAt(minute));
    const rssAfterHour: number[] = [];
    for (const minute of [58, 59, 60]) rssAfterHour.push(await rssAt(minute));
    return { rssStart, rssAfterHour };
  } finally {
    socket?.terminate();
    await emulator.stop();
  }
}

export async function measureEmulator(runs: number): Promise<EmulatorFigures> {
  return {
    ...(await httpLoad(runs)),
    socketFramesPerSecond: await socketLoad(runs),
    ...(await hourOfSimulation()),
  };
}
