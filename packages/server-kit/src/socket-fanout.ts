/**
 * The clients of one WebSocket endpoint and the fan-out of text frames to them. The
 * emulator keeps them the way the device's web server does (contract §5.6): at most 8
 * (once per tick the oldest beyond that is closed); the companion server has no limit.
 * Both bound each client's queue (the device: 32 frames): a client that stopped reading
 * is disconnected instead of growing memory or slowing everyone down.
 */
import type { WebSocket } from 'ws';

export const DEVICE_MAX_CLIENTS = 8;
export const MAX_QUEUED_FRAMES = 32;

interface Client {
  socket: WebSocket;
  id: number;
  queued: number;
}

export class SocketClients {
  private readonly clients: Client[] = [];
  private nextId = 1;

  constructor(
    readonly path: string,
    private readonly log: (line: string) => void,
    private readonly maxClients = Infinity,
  ) {}

  get size(): number {
    return this.clients.length;
  }

  add(socket: WebSocket): void {
    const client = { socket, id: this.nextId, queued: 0 };
    this.nextId += 1;
    this.clients.push(client);
    this.log(`Websocket: [${this.path}][${client.id}] connect`);
    // Whatever a client sends (the web app's "ping") is ignored, as on the device.
    socket.on('close', () => {
      const index = this.clients.indexOf(client);
      if (index >= 0) this.clients.splice(index, 1);
      this.log(`Websocket: [${this.path}][${client.id}] disconnect`);
    });
  }

  broadcast(text: string): void {
    for (const client of [...this.clients]) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.queued >= MAX_QUEUED_FRAMES) {
        client.socket.terminate();
        continue;
      }
      client.queued += 1;
      client.socket.send(text, () => {
        client.queued -= 1;
      });
    }
  }

  /** Closes the oldest clients beyond the limit (run once per tick). */
  enforceLimit(): void {
    while (this.clients.length > this.maxClients) {
      const oldest = this.clients.shift();
      oldest?.socket.close();
    }
  }

  /** Closes every client, with a close code and reason when given. */
  closeAll(code?: number, reason?: string): void {
    for (const client of [...this.clients]) client.socket.close(code, reason);
  }
}
