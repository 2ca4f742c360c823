import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface SubPathProxy {
  /** e.g. http://127.0.0.1:40123/dtu/ */
  url: string;
  /** Every path the proxy was asked for (to check nothing escaped the sub-path). */
  requested: string[];
  close: () => Promise<void>;
}

/**
 * A reverse proxy that serves a device under a sub-path, like a home server's nginx
 * would: /dtu/x is forwarded as /x (HTTP and WebSocket upgrades); anything outside the
 * sub-path gets 404, so a URL that ignores the sub-path fails visibly.
 */
export async function startSubPathProxy(target: string, prefix = '/dtu'): Promise<SubPathProxy> {
  const upstream = new URL(target);
  const requested: string[] = [];
  const strip = (req: IncomingMessage): string | undefined => {
    const url = req.url ?? '/';
    requested.push(url);
    if (url === prefix) return '/';
    return url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : undefined;
  };

  const server = createServer((req, res) => {
    const path = strip(req);
    if (path === undefined) {
      res.writeHead(404).end('outside the proxied sub-path');
      return;
    }
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });

  const sockets = new Set<Socket>();
  server.on('upgrade', (req, client: Socket, head: Buffer) => {
    const path = strip(req);
    if (path === undefined) {
      client.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const device = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${path} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      device.write(`${lines.join('\r\n')}\r\n\r\n`);
      device.write(head);
      device.pipe(client).pipe(device);
    });
    for (const socket of [client, device]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        device.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}/`,
    requested,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
