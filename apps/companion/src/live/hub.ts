/**
 * The browsers' sockets. /livedata: every browser gets the frames of the server's one
 * device socket, however many watch. /console: each browser its own device socket (it is
 * rarely open). Who may connect follows the device's read-only rule: anyone while it
 * allows read-only access, otherwise a browser with a ticket (or, for other clients, an
 * Authorization header) holding the admin credentials. A refusal is a plain 401 without a
 * challenge, so no browser is ever asked for, or keeps, the password (see tickets.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SocketClients } from '@opendtu/server-kit/socket-fanout';
import type { WebSocket } from 'ws';
import { DeviceUnreachable, type DeviceAccess } from '../device/access';
import type { DeviceLink } from '../device/link';
import { joinSockets } from './passthrough';
import type { Tickets } from './tickets';
import type { UpstreamSocket } from './upstream';

/** Close codes: the device went away (1001); read-only access was turned off (1008). */
const GOING_AWAY = 1001;
const POLICY = 1008;

interface Grant {
  /** The browser's own credentials, when it showed valid ones. */
  authorization: string | undefined;
}

export class LiveHub {
  /** Browsers admitted by the read-only rule, and those that showed credentials. */
  private readonly readers: SocketClients;
  private readonly admins: SocketClients;
  private readonly grants = new WeakMap<FastifyRequest, Grant>();

  constructor(
    private readonly upstream: UpstreamSocket,
    private readonly link: DeviceLink,
    private readonly access: DeviceAccess,
    private readonly tickets: Tickets,
    log: (line: string) => void,
  ) {
    this.readers = new SocketClients('/livedata', log);
    this.admins = new SocketClients('/livedata', log);
    upstream.on('frame', (text) => {
      this.readers.broadcast(text);
      this.admins.broadcast(text);
    });
    // Without the device the browsers must see "offline", as they would on the device.
    upstream.on('state', (state) => {
      if (state === 'up') return;
      this.readers.closeAll(GOING_AWAY);
      this.admins.closeAll(GOING_AWAY);
    });
  }

  /** How many browsers receive live frames through the shared connection. */
  get watchers(): number {
    return this.readers.size + this.admins.size;
  }

  /** Re-reads the rule (after a security write, and now and then): readers go when it closed. */
  async recheckAccess(): Promise<void> {
    try {
      if (!(await this.access.readonlyAllowed())) this.readers.closeAll(POLICY);
    } catch {
      // The device is away; its sockets are closed anyway.
    }
  }

  private readonly admit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { ticket } = request.query as { ticket?: string };
    try {
      const fromTicket = this.tickets.take(ticket);
      if (fromTicket) return void this.grants.set(request, { authorization: fromTicket });
      const header = request.headers.authorization;
      if (ticket === undefined && header && (await this.access.validCredentials(header))) {
        return void this.grants.set(request, { authorization: header });
      }
      if (ticket === undefined && (await this.access.readonlyAllowed())) {
        return void this.grants.set(request, { authorization: undefined });
      }
    } catch (error) {
      if (error instanceof DeviceUnreachable) return void (await reply.code(503).send(''));
      throw error;
    }
    await reply.code(401).send('');
  };

  /** Live data needs the device: while it is away the upgrade is refused, as the device's would be. */
  private readonly admitLive = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const state = this.upstream.state;
    if (state === 'down' || state === 'connecting') return void (await reply.code(503).send(''));
    await this.admit(request, reply);
  };

  register(app: FastifyInstance): void {
    app.get('/livedata', { websocket: true, preValidation: this.admitLive }, (socket, request) =>
      this.addLiveBrowser(socket, this.grants.get(request)),
    );
    app.get('/console', { websocket: true, preValidation: this.admit }, (socket, request) =>
      joinSockets(socket, this.link.socketUrl('console'), this.grants.get(request)?.authorization),
    );
  }

  private addLiveBrowser(socket: WebSocket, grant: Grant | undefined): void {
    const state = this.upstream.state;
    // Our own connection is refused: this browser's credentials may open one of its own.
    if (state === 'refused')
      return joinSockets(socket, this.link.socketUrl('livedata'), grant?.authorization);
    if (state !== 'up') return socket.close(GOING_AWAY);
    (grant?.authorization ? this.admins : this.readers).add(socket);
  }
}
