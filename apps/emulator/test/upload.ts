import type { FastifyInstance } from 'fastify';
import { ADMIN_AUTH } from './helpers';

/** One part of a multipart/form-data body: a text field, or a file when it has a file name. */
export interface Part {
  name: string;
  filename?: string;
  content: string | Buffer;
}

const BOUNDARY = '----emulator-test';

/** A multipart/form-data body with its content type, parts in the given order. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n${type}\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

export interface UploadAnswer {
  status: number;
  body: string;
  headers: Record<string, unknown>;
}

/** POSTs multipart parts to a device path with admin credentials. */
export async function postParts(app: FastifyInstance, url: string, parts: Part[]): Promise<UploadAnswer> {
  const { payload, contentType } = multipartBody(parts);
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: ADMIN_AUTH, 'content-type': contentType },
    payload,
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

/** POST /api/file/upload as the web app sends it: one multipart file part named "config". */
export function uploadFile(
  app: FastifyInstance,
  name: string | undefined,
  content: string | Buffer,
): Promise<UploadAnswer> {
  const url = name === undefined ? '/api/file/upload' : `/api/file/upload?file=${encodeURIComponent(name)}`;
  return postParts(app, url, [{ name: 'config', filename: 'config', content }]);
}
