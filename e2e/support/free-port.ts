import { createServer } from 'node:net';

/** A TCP port of 127.0.0.1 that was free a moment ago: for a server a test starts with a fixed port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}
