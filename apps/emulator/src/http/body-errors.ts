import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode } from '@opendtu/api';
import { sendJson, warning } from './respond';
import { sendUploadFail } from './upload-answer';

/** The endpoints that take a file part and answer with plain OK / FAIL (contract §7.5, §8). */
const UPLOAD_PATHS = ['/api/file/upload', '/api/firmware/update'];

/** Requests whose body was read and whose handler has started. */
const reachedHandler = new WeakSet<FastifyRequest>();

/**
 * Bodies the framework cannot read (a malformed or unterminated multipart body, a content
 * type it cannot even parse, a body over the size limit, too many parts) must not end in a
 * framework error page or a 500. The device's web server reads what it can and the
 * endpoint then finds no `data` field, so a JSON POST answers 1002 "No values found!"
 * (contract §0.4; the old 1003 "Data too large!" is not sent by this firmware, §13); an
 * upload endpoint refuses with its FAIL answer, writes nothing and does not restart.
 * Errors thrown by a handler itself are left to Fastify, so a real bug still shows as one.
 */
export function answerUnreadableBodies(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    reachedHandler.add(request);
  });
  app.setErrorHandler(async (error, request, reply) => {
    const path = request.routeOptions.url ?? '';
    if (reachedHandler.has(request) || request.method !== 'POST' || !path.startsWith('/api/')) {
      throw error;
    }
    if (UPLOAD_PATHS.some((upload) => path === upload || path === `${upload}/*`))
      return sendUploadFail(reply);
    return sendJson(reply, warning('No values found!', ResponseCode.GenericNoValueFound));
  });
}
