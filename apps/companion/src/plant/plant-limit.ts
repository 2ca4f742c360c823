/**
 * One limit across the plant's devices (issue 33): GET /companion/api/plant/limit joins
 * every device's `/api/limit/status`; POST sends each part to its device as that device's
 * firmware encodes it (`limit_type`), through the device's own `/dtu/NAME/api/...` path
 * with the browser's credentials, so the device decides, and the alerts see the command
 * as they see any other. Nothing is sent unless the credentials hold on every device named.
 */
import {
  limitTypeFor,
  MAX_INVERTER_LIMIT,
  type CompanionError,
  type LimitStatusMap,
  type PlantLimitAnswer,
  type PlantLimitPart,
  type PlantLimitRequest,
  type PlantLimitResult,
  type PlantLimitStatusAnswer,
} from '@opendtu/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DeviceUnreachable } from '../device/access';
import type { PlantMember } from './plant-routes';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The request, checked whole; a string says what is wrong. */
export function readLimitRequest(body: unknown, devices: readonly string[]): PlantLimitRequest | string {
  const request = body as Partial<PlantLimitRequest> | null;
  if (typeof request?.relative !== 'boolean' || typeof request.persistent !== 'boolean')
    return 'relative and persistent must be true or false';
  if (!Array.isArray(request.parts) || request.parts.length === 0)
    return 'parts must list at least one inverter';
  const max = request.relative ? 100 : MAX_INVERTER_LIMIT;
  for (const part of request.parts as Partial<PlantLimitPart>[]) {
    if (typeof part?.device !== 'string' || !devices.includes(part.device))
      return `no device ${String(part?.device)} (${devices.join(', ')})`;
    if (typeof part.serial !== 'string' || !/^[0-9a-f]{1,16}$/i.test(part.serial))
      return `${String(part.serial)} is not an inverter serial`;
    if (typeof part.value !== 'number' || !Number.isFinite(part.value) || part.value < 0 || part.value > max)
      return `the limit of ${part.serial} must be from 0 to ${max} ${request.relative ? '%' : 'W'}`;
  }
  return request as PlantLimitRequest;
}

export function registerPlantLimit(app: FastifyInstance, members: readonly PlantMember[]): void {
  const names = members.map(({ watch }) => watch.name);
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ message } satisfies CompanionError);

  app.get('/companion/api/plant/limit', async (request, reply) => {
    const answer: PlantLimitStatusAnswer = { inverters: [], lacking: [] };
    for (const name of names) {
      const status = await app.inject({
        method: 'GET',
        url: `/dtu/${name}/api/limit/status`,
        headers: {
          ...XHR,
          ...(request.headers.authorization && { authorization: request.headers.authorization }),
        },
      });
      if (status.statusCode === 401) return refuse(reply, 401, 'Unauthorized');
      if (status.statusCode !== 200) {
        answer.lacking.push(name);
        continue;
      }
      const map = status.json<LimitStatusMap>();
      for (const [serial, entry] of Object.entries(map))
        answer.inverters.push({ device: name, serial, ...entry });
    }
    return answer;
  });

  app.post('/companion/api/plant/limit', async (request, reply) => {
    const checked = readLimitRequest(request.body, names);
    if (typeof checked === 'string') return refuse(reply, 400, checked);
    const { authorization } = request.headers;
    const involved = members.filter(({ watch }) => checked.parts.some((part) => part.device === watch.name));
    for (const { access } of involved) {
      try {
        if (!(await access.validCredentials(authorization))) return refuse(reply, 401, 'Unauthorized');
      } catch (error) {
        if (!(error instanceof DeviceUnreachable)) throw error;
        // A device that cannot be asked gets nothing: its parts say so below.
      }
    }
    const results: PlantLimitResult[] = [];
    // One after another, as the group limit does: each device queues one command at a time.
    for (const part of checked.parts) {
      const watch = involved.find(({ watch }) => watch.name === part.device)!.watch;
      if (!watch.online || watch.limitScheme === undefined) {
        results.push({ ...part, sent: false, status: 0, message: `${part.device} is offline` });
        continue;
      }
      const limitType = limitTypeFor(watch.limitScheme, {
        absolute: !checked.relative,
        persistent: checked.persistent,
      });
      const data = JSON.stringify({ serial: part.serial, limit_type: limitType, limit_value: part.value });
      const answer = await app.inject({
        method: 'POST',
        url: `/dtu/${part.device}/api/limit/config`,
        headers: { ...XHR, authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ data }).toString(),
      });
      const body = (() => {
        try {
          return answer.json<{ type?: string; message?: string }>();
        } catch {
          return {};
        }
      })();
      results.push({
        ...part,
        sent: answer.statusCode === 200 && body.type === 'success',
        status: answer.statusCode,
        message: body.message ?? answer.statusMessage,
      });
    }
    return { results } satisfies PlantLimitAnswer;
  });
}
