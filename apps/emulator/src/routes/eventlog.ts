import type { EventLogResponse } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { sendJson } from '../http/respond';
import { deviceRoute } from '../http/route';
import { eventMessage, type EventLocale } from '../sim/event-messages';
import type { Simulation } from '../sim/simulation';
import { invParam } from './livedata';

const secondOfUtcDay = (epochMs: number): number => Math.floor(epochMs / 1000) % 86_400;

/**
 * GET /api/eventlog/status?inv=&locale= (contract §9.6). Times are the inverter's UTC
 * seconds of day plus the DTU's current UTC offset (so not epoch, and possibly beyond a day).
 */
export const eventlogRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  deviceRoute(app, 'GET', '/api/eventlog/status', 'readonly', async (request, reply) => {
    const entry = sim.find(invParam(request.query));
    if (!entry) return sendJson(reply, {});
    const requested = String((request.query as Record<string, unknown>).locale ?? '').toLowerCase();
    const locale: EventLocale = requested === 'de' || requested === 'fr' ? requested : 'en';
    const offset = app.device.time.utcOffset();
    const isHmt = entry.inverter.family.acPhases === 3;
    const events = entry.inverter.eventBuffer.map((event) => ({
      message_id: event.id,
      message: eventMessage(event.id, locale, isHmt),
      start_time: secondOfUtcDay(event.startMs) + offset,
      end_time: event.endMs === 0 ? 0 : secondOfUtcDay(event.endMs) + offset,
    }));
    const body: EventLogResponse = { count: events.length, events };
    return sendJson(reply, body);
  });
};
