import { parseSerial } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { deviceRoute } from '../http/route';
import { sendJson } from '../http/respond';
import { liveInverter, liveList } from '../live/livedata-response';
import type { Simulation } from '../sim/simulation';

/** The serial of a `?inv=` parameter; 0 when missing or unreadable. */
export function invParam(query: unknown): number {
  const inv = (query as Record<string, unknown> | undefined)?.inv;
  return typeof inv === 'string' ? parseSerial(inv) : 0;
}

/** GET /api/livedata/status (contract §5.2). */
export const livedataRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  deviceRoute(app, 'GET', '/api/livedata/status', 'readonly', async (request, reply) => {
    const serial = invParam(request.query);
    return sendJson(reply, serial === 0 ? liveList(app.device, sim) : liveInverter(app.device, sim, serial));
  });
};
