import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ApiResponse, ConfigFile } from '@opendtu/api';
import type { ConfigSection, Device } from '../device';
import { isAuthorized, rejectUnauthorized, type AuthLevel } from './auth';
import { readData } from './post-data';
import { sendJson, WRITE_FAILED } from './respond';

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

/** A GET endpoint whose JSON answer is built from the configuration as it is now. */
export function configGetRoute(
  app: FastifyInstance,
  path: string,
  level: AuthLevel,
  answer: (config: ConfigFile) => object,
): void {
  deviceRoute(app, 'GET', path, level, async (_request, reply) =>
    sendJson(reply, answer(app.device.config.get())),
  );
}

/**
 * A JSON-taking POST endpoint (contract §0.4): auth (401), then `data` present (1002) and
 * parseable (1004); the handler does the endpoint's presence and value checks and returns
 * the envelope to send.
 */
export function jsonPostRoute(
  app: FastifyInstance,
  path: string,
  handler: (
    data: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<ApiResponse | FastifyReply>,
): void {
  deviceRoute(app, 'POST', path, 'admin', async (request, reply) => {
    const read = readData(request);
    if ('error' in read) return sendJson(reply, read.error);
    const answer = await handler(read.data, request, reply);
    // A handler that answered by itself (404, restart text) returns the reply.
    return isReply(answer, reply) ? reply : sendJson(reply, answer);
  });
}

/** Persists the configuration: the success envelope, or 1006 when config.json could not be written. */
export async function persist(
  device: Device,
  section: ConfigSection,
  done: ApiResponse,
): Promise<ApiResponse> {
  return (await device.saveConfig(section)) ? done : WRITE_FAILED;
}

function isReply(answer: ApiResponse | FastifyReply, reply: FastifyReply): answer is FastifyReply {
  return (answer as unknown) === reply;
}
