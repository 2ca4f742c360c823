/**
 * The two WebSocket endpoints and their access rule, as the played release has it
 * (`socketAuth`): open to everyone on most releases, whatever the read-only setting
 * (the firmware's auth middleware defaults to "none"); on v26.3.30, with read-only access
 * off, an upgrade needs the admin's credentials: Basic sent up front, or the answer to a
 * Digest challenge (401, realm "live websocket" or "console websocket").
 */
import type { SocketClients } from '@opendtu/server-kit/socket-fanout';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasAdminCredentials } from './auth';
import { digestChallenge, hasDigestCredentials } from './digest';

function socketAuth(app: FastifyInstance, realm: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { security } = app.device.config.get();
    if (app.device.release.socketAuth === 'open' || security.allow_readonly) return;
    const header = request.headers.authorization;
    if (hasAdminCredentials(header, security.password)) return;
    if (hasDigestCredentials(header, request.method, security.password, realm)) return;
    await reply.code(401).header('WWW-Authenticate', digestChallenge(realm)).send('');
  };
}

export function registerSocket(app: FastifyInstance, clients: SocketClients, realm: string): void {
  app.get(clients.path, { websocket: true, onRequest: socketAuth(app, realm) }, (socket) =>
    clients.add(socket),
  );
}
