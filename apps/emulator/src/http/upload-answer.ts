import type { FastifyReply } from 'fastify';

/**
 * The final answer of the two upload endpoints (contract §7.5, §8): plain text, the only
 * responses of the device with a CORS header, and the connection closed after them.
 */
function uploadAnswer(reply: FastifyReply, status: 200 | 500, text: 'OK' | 'FAIL'): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/plain')
    .header('Connection', 'close')
    .header('Access-Control-Allow-Origin', '*')
    .send(text);
}

export const sendUploadOk = (reply: FastifyReply): FastifyReply => uploadAnswer(reply, 200, 'OK');
export const sendUploadFail = (reply: FastifyReply): FastifyReply => uploadAnswer(reply, 500, 'FAIL');
