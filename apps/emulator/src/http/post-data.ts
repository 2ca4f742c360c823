import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode, type ApiResponse } from '@opendtu/api';
import { parseLeadingJson } from './json-text';
import { warning } from './respond';

/** Largest upload the emulator accepts (the device's OTA slot is 1.9 MB). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/**
 * Body parsing as the device does it: only form fields (multipart, url-encoded, or a
 * text/plain body that looks url-encoded) are read; a JSON or any other body is accepted
 * and ignored, so the endpoint answers "no values found" instead of a framework error.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: MAX_UPLOAD_BYTES });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, fieldSize: MAX_UPLOAD_BYTES },
  });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: MAX_UPLOAD_BYTES },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, _body, done) =>
    done(null, {}),
  );
}

/** A form field of the request body, as text. */
export function formField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
}

/**
 * Steps 2 and 3 of every JSON POST (contract §0.4): the `data` field must be there
 * (1002) and hold JSON (1004).
 */
export function readData(request: FastifyRequest): { data: unknown } | { error: ApiResponse } {
  const text = formField(request, 'data');
  if (text === undefined) return { error: warning('No values found!', ResponseCode.GenericNoValueFound) };
  const parsed = parseLeadingJson(text);
  if (!parsed) return { error: warning('Failed to parse data!', ResponseCode.GenericParseError) };
  return { data: parsed.value };
}
