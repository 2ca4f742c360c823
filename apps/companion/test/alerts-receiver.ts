// A local HTTP server standing in for ntfy and for a webhook receiver: it records every
// request and can be down (not listening) for a while, on the same port throughout.
import { createServer, type Server } from 'node:http';

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class Receiver {
  readonly received: Received[] = [];
  private server: Server | undefined;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"ok"}');
      });
    });
    this.server = server;
    await new Promise<void>((done) => server.listen(this.port, '127.0.0.1', done));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }

  /** The requests to one path (/plant for ntfy, /hook for the webhook). */
  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }
}
