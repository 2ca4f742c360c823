// A local webhook receiver for the alerts section: it notes when each message arrived
// (this machine's clock, the moment its body was complete) and what it said.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertWebhookBody } from '@opendtu/api';

export interface ReceivedHook {
  /** Date.now() when the whole body had arrived. */
  at: number;
  body: AlertWebhookBody;
}

export interface WebhookReceiver {
  /** The URL to give the companion as `--alert-url`. */
  url: string;
  received: ReceivedHook[];
  stop: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      try {
        received.push({ at, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as AlertWebhookBody });
      } catch {
        // Not a webhook body: nothing of ours, and not counted.
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
