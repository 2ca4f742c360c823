import formbody from '@fastify/formbody';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode, type ApiResponse } from '@opendtu/api';
import { parseLeadingJson } from './json-text';
import { warning } from './respond';

/**
 * Most bytes of one uploaded file the emulator keeps. Larger uploads are still read to
 * the end (so the client gets an answer, not a reset connection) but marked truncated;
 * every upload endpoint has a smaller limit of its own and refuses them.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** A file part of a multipart body, as the upload endpoints see it. */
export interface UploadedFile {
  /** The part's content, at most MAX_UPLOAD_BYTES. */
  bytes: Buffer;
  /** The part was longer than MAX_UPLOAD_BYTES; the rest was read and dropped. */
  truncated: boolean;
  /**
   * The text fields that came before this part. The device handles a file while it is
   * still arriving, so only those exist for it then (the firmware's MD5 must come first).
   */
  fieldsBefore: Record<string, string>;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return value !== null && typeof value === 'object' && 'fieldsBefore' in value && 'bytes' in value;
}

/**
 * The text fields that arrived before a file part. The parser may already have read
 * parts after it, but it adds each part's name to `fields` in arrival order, so the ones
 * listed before the file's own entry are those that came first.
 */
function fieldsBefore(part: MultipartFile): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    if (entry === part || (Array.isArray(entry) && entry.includes(part))) break;
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first?.type === 'field' && typeof first.value === 'string') result[name] = first.value;
  }
  return result;
}

/** Reads a file part to its end and leaves the summary where the body builder takes it from. */
async function collectFile(part: MultipartFile): Promise<void> {
  const before = fieldsBefore(part);
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const upload: UploadedFile = {
    bytes: Buffer.concat(chunks),
    truncated: part.file.truncated,
    fieldsBefore: before,
  };
  // With attachFieldsToBody 'keyValues' a part's `value` becomes its entry in request.body.
  part.value = upload;
}

/**
 * Body parsing as the device does it: only form fields (multipart, url-encoded, or a
 * text/plain body that looks url-encoded) are read; a JSON or any other body is accepted
 * and ignored, so the endpoint answers "no values found" instead of a framework error.
 * As in the device's web server, a multipart part is a file exactly when it has a file
 * name, and a file is never a form field.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: MAX_UPLOAD_BYTES });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: collectFile,
    // An over-long file is cut, not an error: each endpoint answers it in its own way.
    throwFileSizeLimit: false,
    isPartAFile: (_name, _type, filename) => filename !== undefined,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, fieldSize: MAX_UPLOAD_BYTES },
  });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: MAX_UPLOAD_BYTES },
    (_req, body, done) => {
      // The first of repeated names counts, as the device looks parameters up.
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(String(body))) fields[name] ??= value;
      done(null, fields);
    },
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, _body, done) =>
    done(null, {}),
  );
}

function bodyEntry(request: FastifyRequest, name: string): unknown {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  // A repeated name: the device takes the first one.
  return Array.isArray(value) ? value[0] : value;
}

/** A form field of the request body, as text (the first one when the name repeats). */
export function formField(request: FastifyRequest, name: string): string | undefined {
  const value = bodyEntry(request, name);
  return typeof value === 'string' ? value : undefined;
}

/** The first file part of a multipart body, whatever its part name. */
export function uploadedFile(request: FastifyRequest): UploadedFile | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  for (const value of Object.values(body ?? {})) {
    const first = Array.isArray(value) ? (value as unknown[]).find(isUploadedFile) : value;
    if (isUploadedFile(first)) return first;
  }
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
