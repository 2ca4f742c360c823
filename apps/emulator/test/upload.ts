import type { FastifyInstance } from 'fastify';
import { ADMIN_AUTH } from './helpers';

/** POST /api/file/upload as the web app sends it: one multipart file part named "config". */
export async function uploadFile(
  app: FastifyInstance,
  name: string | undefined,
  content: string | Buffer,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const boundary = '----emulator-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="config"; filename="config"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const response = await app.inject({
    method: 'POST',
    url: name === undefined ? '/api/file/upload' : `/api/file/upload?file=${encodeURIComponent(name)}`,
    headers: { authorization: ADMIN_AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, Buffer.from(content), tail]),
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}
