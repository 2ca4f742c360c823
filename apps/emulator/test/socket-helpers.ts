import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { TestDevice } from './helpers';

/** A WebSocket client of the device and every text frame it received. */
export interface SocketClient {
  socket: WebSocket;
  frames: string[];
}

/**
 * Socket tests of one file: `listen` puts the device on a real port, `open` connects
 * (rejecting with the HTTP status and challenge of a refused upgrade), and after each
 * test every client is dropped.
 */
export function useSocketTests(): {
  listen: (device: TestDevice) => Promise<string>;
  open: (url: string, headers?: Record<string, string>) => Promise<SocketClient>;
} {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  return {
    async listen(device) {
      await device.app.listen({ port: 0, host: '127.0.0.1' });
      const address = device.app.server.address();
      if (!address || typeof address !== 'object') throw new Error('no address');
      return `ws://127.0.0.1:${address.port}`;
    },
    open(url, headers = {}) {
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(url, { headers });
        sockets.push(socket);
        const frames: string[] = [];
        socket.on('message', (data) => frames.push(data.toString()));
        socket.on('open', () => resolve({ socket, frames }));
        socket.on('unexpected-response', (_req, res) =>
          reject(new Error(`HTTP ${res.statusCode} ${res.headers['www-authenticate']}`)),
        );
        socket.on('error', reject);
      });
    },
  };
}

export const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Waits until `condition` holds (it may be async), failing after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await wait(20);
  }
}

/**
 * Resolves after `runs` more runs of the device's push task: a positive sign that its time
 * passed (on a loaded machine its timer runs late), where a sleep proves nothing.
 */
export function pushRuns(device: TestDevice, runs: number, timeoutMs = 10_000): Promise<void> {
  const { events } = device.app.device;
  return new Promise((resolve, reject) => {
    let left = runs;
    const timer = setTimeout(() => {
      events.off('push-task', ran);
      reject(new Error(`the push task did not run ${runs} times within ${timeoutMs} ms`));
    }, timeoutMs);
    const ran = (): void => {
      left -= 1;
      if (left > 0) return;
      clearTimeout(timer);
      events.off('push-task', ran);
      resolve();
    };
    events.on('push-task', ran);
  });
}
