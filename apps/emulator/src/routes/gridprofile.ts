import type { FastifyPluginAsync } from 'fastify';
import { sendJson } from '../http/respond';
import { deviceRoute } from '../http/route';
import { decodeGridProfile, gridProfileFor } from '../sim/grid-profile';
import type { Simulation } from '../sim/simulation';
import { invParam } from './livedata';

/** GET /api/gridprofile/status and /rawdata (contract §9.7, §9.8). */
export const gridprofileRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  const rawOf = (query: unknown): number[] | undefined => {
    const entry = sim.find(invParam(query));
    if (!entry) return undefined;
    return entry.inverter.gridProfileValid ? gridProfileFor(app.device.config.get().ntp.timezone_descr) : [];
  };
  deviceRoute(app, 'GET', '/api/gridprofile/status', 'readonly', async (request, reply) => {
    const raw = rawOf(request.query);
    return sendJson(reply, raw ? decodeGridProfile(raw) : {});
  });
  deviceRoute(app, 'GET', '/api/gridprofile/rawdata', 'readonly', async (request, reply) => {
    const raw = rawOf(request.query);
    return sendJson(reply, raw ? { raw } : {});
  });
};
