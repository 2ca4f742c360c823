/**
 * The two WebSocket endpoints and their access rule (contract "Emulator deviations"):
 * open while read-only access is allowed; otherwise the upgrade needs admin credentials
 * and is answered 401 with a Basic challenge, so browsers retry with the URL's user-info.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasAdminCredentials } from '../http/auth';
import type { SocketClients } from '@opendtu/server-kit/socket-fanout';

function socketAuth(app: FastifyInstance, realm: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { security } = app.device.config.get();
    if (security.allow_readonly) return;
    if (hasAdminCredentials(request.headers.authorization, security.password)) return;
    await reply.code(401).header('WWW-Authenticate', `Basic realm="${realm}"`).send('');
  };
}

export function registerSocket(app: FastifyInstance, clients: SocketClients, realm: string): void {
  app.get(clients.path, { websocket: true, onRequest: socketAuth(app, realm) }, (socket) =>
    clients.add(socket),
  );
}
