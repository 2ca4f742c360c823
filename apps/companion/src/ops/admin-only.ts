/**
 * The companion's own answers that name inverters, change what they feed or hand out the
 * history file are for the device's admin, checked as the device checks them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DeviceUnreachable, type DeviceAccess } from '../device/access';

/** Whether the request carries the admin's credentials; answers 401 or 503 itself if not. */
export async function admitted(
  access: Pick<DeviceAccess, 'validCredentials'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  try {
    if (await access.validCredentials(request.headers.authorization)) return true;
    await reply.code(401).send({ message: 'Unauthorized' });
  } catch (error) {
    if (!(error instanceof DeviceUnreachable)) throw error;
    await reply
      .code(503)
      .send({ message: 'The device does not answer, so the credentials cannot be checked' });
  }
  return false;
}
