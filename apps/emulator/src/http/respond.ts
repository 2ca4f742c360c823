import type { FastifyReply } from 'fastify';
import { ResponseCode, type ApiResponse } from '@opendtu/api';

/** Sends compact JSON with the device's content type (no charset). */
export function sendJson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  // Sent as bytes: Fastify would append "; charset=utf-8" to a string body.
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send(Buffer.from(JSON.stringify(body)));
}

/** The device's message envelope (contract §0.5); `type` comes first as on the wire. */
export function envelope(
  type: ApiResponse['type'],
  message: string,
  code?: number,
  param?: ApiResponse['param'],
): ApiResponse {
  const body: ApiResponse = { type, message };
  if (code !== undefined) body.code = code;
  if (param !== undefined) body.param = param;
  return body;
}

export const warning = (message: string, code?: number, param?: ApiResponse['param']): ApiResponse =>
  envelope('warning', message, code, param);

export const success = (message: string, code: number): ApiResponse => envelope('success', message, code);

export const SETTINGS_SAVED = success('Settings saved!', ResponseCode.GenericSuccess);
export const WRITE_FAILED = warning('Write failed!', ResponseCode.GenericWriteFailed);
export const VALUES_MISSING = warning('Values are missing!', ResponseCode.GenericValueMissing);
