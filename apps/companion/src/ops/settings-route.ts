/**
 * The POST route of settings the owner saves from the app: checked whole, one save at a
 * time, answered as the device answers a save.
 */
import { ResponseCode, type ApiResponse } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { SettingsRefusal } from '../settings/saved-file';
import { admitted } from './admin-only';

/**
 * POST `url` (admin): `apply` checks the body (throwing a SettingsRefusal) and puts it in
 * place; a second save waits for the first. Answers the device's "saved" code, so the app
 * says it in the owner's language.
 */
export function registerSettingsSave(
  app: FastifyInstance,
  url: string,
  access: Pick<DeviceAccess, 'validCredentials'>,
  apply: (body: unknown) => Promise<void>,
): void {
  let saving = Promise.resolve();
  app.post(url, async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const save = saving.then(() => apply(request.body));
    saving = save.catch(() => undefined);
    try {
      await save;
    } catch (error) {
      if (!(error instanceof SettingsRefusal)) throw error;
      const refused: ApiResponse = { type: 'warning', message: error.message };
      return reply.code(400).send(refused);
    }
    const answer: ApiResponse = {
      type: 'success',
      message: 'Settings saved!',
      code: ResponseCode.GenericSuccess,
    };
    return reply.send(answer);
  });
}
