/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestDevice, type TestDevice } from './helpers';
import { pushRuns, until, useSocketTests, wait } from './socket-helpers';

// device-vanish over real sockets: a DTU that lost its Wi-Fi answers nothing (requests,
// upgrades, pings) and pushes nothing, while the emulator's own endpoint stays reachable.

const { listen, open } = useSocketTests();
let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function faults(base: string, method: 'GET' | 'POST' | 'DELETE', fault?: object): Promise<any> {
  const response = await fetch(`${base}/emulator/faults`, {
    method,
    headers: fault ? { 'content-type': 'application/json' } : {},
    body: fault ? JSON.stringify(fault) : undefined,
  });
  return response.json();
}

/** Waits until the emulator holds `count` requests (it takes them in as they arrive). */
async function heldRequests(base: string, count: number): Promise<void> {
  for (let tries = 0; tries < 250; tries += 1) {
    if ((await faults(base, 'GET')).held_requests === count) return;
    await wait(20);
  }
  throw new Error(`never ${count} held requests`);
}

/** A request whose outcome is recorded when it comes, without waiting for it. */
function watch<T>(promise: Promise<T>): { settled: () => boolean; result: Promise<T> } {
  let settled = false;
  const result = promise.finally(() => (settled = true));
  result.catch(() => undefined);
  return { settled: () => settled, result };
}

/** A device that pushes every 20 ms (unchanged data every 200 ms), listening on a free port. */
async function listeningDevice(): Promise<{ ws: string; http: string }> {
  dev = await startTestDevice({ pushIntervalMs: 20 });
  const ws = await listen(dev);
  return { ws, http: ws.replace('ws://', 'http://') };
}

describe('device-vanish', () => {
  it('answers nothing and pushes nothing until cleared, then answers what was held', async () => {
    const { ws, http } = await listeningDevice();
    const live = await open(`${ws}/livedata`);
    await until(() => live.frames.length > 0);

    expect((await faults(http, 'POST', { fault: 'device-vanish' })).faults).toEqual([
      { fault: 'device-vanish' },
    ]);
    const request = watch(fetch(`${http}/api/livedata/status`));
    const late = new WebSocket(`${ws}/livedata`);
    const opened = watch(new Promise((resolve) => late.once('open', resolve)));
    await heldRequests(http, 2);
    const framesBefore = live.frames.length;
    let ponged = false;
    live.socket.on('pong', () => (ponged = true));
    live.socket.ping();
    // Long enough for several pushes (30 runs of the push task: a forced one every 10) and
    // a pong on a live link.
    await pushRuns(dev!, 30);
    expect(live.frames.length).toBe(framesBefore);
    expect(ponged).toBe(false);
    expect(request.settled()).toBe(false);
    expect(opened.settled()).toBe(false);

    expect((await faults(http, 'DELETE')).cleared).toBe(1);
    const response = await request.result;
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).inverters).toHaveLength(3);
    await opened.result;
    await until(() => ponged && live.frames.length > framesBefore);
    late.terminate();
  });

  it('comes back by itself after the seconds asked for', async () => {
    const { http } = await listeningDevice();
    await faults(http, 'POST', { fault: 'device-vanish', seconds: 1 });
    const request = watch(fetch(`${http}/api/system/status`));
    await heldRequests(http, 1);
    expect((await request.result).status).toBe(200);
    expect(await faults(http, 'GET')).toEqual({ faults: [], held_requests: 0 });
  });

  it('lets the device shut down while requests are held (they are dropped)', async () => {
    const { http } = await listeningDevice();
    await faults(http, 'POST', { fault: 'device-vanish' });
    const request = watch(fetch(`${http}/api/system/status`));
    await heldRequests(http, 1);
    await dev?.close();
    dev = undefined;
    await expect(request.result).rejects.toThrow();
  });
});
