import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { isAuthorized, rejectUnauthorized, type AuthLevel } from './auth';

/**
 * Registers a device endpoint. As on the device, the handler also takes sub-paths
 * (`/api/inverter/list/anything`), and its protection level is checked before the body
 * is read, so a request without credentials gets 401 whatever it carries.
 */
export function deviceRoute(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  level: AuthLevel,
  handler: RouteHandlerMethod,
): void {
  const onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isAuthorized(request, level, app.device.config.get().security)) {
      await rejectUnauthorized(request, reply);
    }
  };
  for (const url of [path, `${path}/*`]) app.route({ method, url, onRequest, handler });
}
