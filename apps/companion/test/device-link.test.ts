// The server's own requests to the device never take more than a few of its about 16 TCP
// connections: twenty at once (twenty browsers logging in) wait for one another instead
// of filling the device, which would refuse everyone else's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLink, LINK_CONNECTIONS } from '../src/device/link';

let server: Server;
let url: URL;
let open = 0;
let mostOpen = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    // Each answer holds its connection a moment, as a device busy with its radio does.
    setTimeout(() => {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ path: request.url }));
    }, 30);
  });
  server.on('connection', (socket) => {
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    socket.on('close', () => (open -= 1));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('the device link', () => {
  it(`answers twenty requests at once over at most ${LINK_CONNECTIONS} connections`, async () => {
    const link = new DeviceLink(url, 'openDTU42');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) => link.get(`/api/check?n=${index}`, 'server')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.map((answer) => (answer.json as { path: string }).path)).toEqual(
      Array.from({ length: 20 }, (_unused, index) => `/api/check?n=${index}`),
    );
    expect(mostOpen).toBeGreaterThan(0);
    expect(mostOpen).toBeLessThanOrEqual(LINK_CONNECTIONS);
  });
});
