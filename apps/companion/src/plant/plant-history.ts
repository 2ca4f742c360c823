/**
 * The plant's history at the companion's root when it fronts several devices (issue 33):
 * GET /companion/api/plant/power and /companion/api/plant/energy (contract in
 * packages/api/src/companion/plant-history.ts), JSON or CSV with `format=csv`.
 *
 * Each device's own history route is asked in this process (`inject`) with the request's
 * Authorization, so each device's read-only rule applies as it does to its own history:
 * a refusal by any device refuses the whole (401), as a sum of what one may see would be
 * a sum that silently lacks. A device that answers otherwise (503: it never answered, so
 * its rule is unknown; a failure) lacks in the answer, which says why. The devices check
 * the query as they do for their own history; their 400 is passed on.
 */
import {
  plantEnergy,
  plantPower,
  posixTzOrUtc,
  type CompanionError,
  type DeviceHistory,
  type EnergyAnswer,
  type EnergyBy,
  type PlantEnergyQuery,
  type PlantPowerQuery,
  type PowerAnswer,
} from '@opendtu/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCsv, type Cell } from '../history/csv';
import { FLOW_COLUMNS, flowCells } from '../history/routes';
import type { PlantGridPeriods } from '../meter/plant-flow';
import { localIso, parseDay } from '../history/dates';

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const messageOf = (payload: string): string | undefined => {
  try {
    const { message } = JSON.parse(payload) as Partial<CompanionError>;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Every device's answer to its own `path` (below /dtu/NAME/), in the plant's order. Throws
 * a Refusal for a 401 of any device, else for a 400 of any (the query is the same for all).
 */
export async function askEach<T>(
  app: FastifyInstance,
  names: readonly string[],
  path: string,
  authorization: string | undefined,
): Promise<DeviceHistory<T>[]> {
  const asked = await Promise.all(
    names.map(async (name): Promise<{ device: DeviceHistory<T>; status?: number }> => {
      try {
        const response = await app.inject({
          method: 'GET',
          url: `/dtu/${name}/${path}`,
          headers: authorization === undefined ? {} : { authorization },
        });
        const status = response.statusCode;
        if (status === 200) return { device: { name, answer: response.json<T>() } };
        return { device: { name, unavailable: messageOf(response.payload) ?? `HTTP ${status}` }, status };
      } catch (error) {
        return { device: { name, unavailable: error instanceof Error ? error.message : String(error) } };
      }
    }),
  );
  for (const status of [401, 400]) {
    const refused = asked.find((answer) => answer.status === status)?.device;
    if (refused && 'unavailable' in refused) throw new Refusal(status, refused.unavailable);
  }
  return asked.map(({ device }) => device);
}

function csvWanted(request: FastifyRequest): boolean {
  const { format } = request.query as { format?: string };
  if (format === undefined || format === 'json') return false;
  if (format === 'csv') return true;
  throw new Refusal(400, 'format must be json or csv');
}

function sendCsv(reply: FastifyReply, name: string, header: string[], rows: Cell[][]): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}.csv"`)
    .send(toCsv(header, rows));
}

const query = (params: Record<string, string>): string => new URLSearchParams(params).toString();

/**
 * Serves the plant's history of the devices mounted under /dtu/NAME/ for each of `names`;
 * `plantGrid`: the plant's own grid meter per period (issue 45), which then stands for the
 * devices' meters in the energy's flow.
 */
export function registerPlantHistory(
  app: FastifyInstance,
  names: readonly string[],
  plantGrid?: PlantGridPeriods,
): void {
  const refused =
    (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return reply.code(error.status).send({ message: error.message } satisfies CompanionError);
      }
    };

  app.get(
    '/companion/api/plant/power',
    refused(async (request, reply) => {
      const params = request.query as Partial<Record<keyof PlantPowerQuery, string>>;
      const csv = csvWanted(request);
      const date = parseDay(params.date);
      if (!date) throw new Refusal(400, 'date must be a day written YYYY-MM-DD');
      const devices = await askEach<PowerAnswer>(
        app,
        names,
        `companion/api/power?${query({ date })}`,
        request.headers.authorization,
      );
      const answer = plantPower(date, devices);
      if (!csv) return answer;
      // Buckets no device has a value in (the night) are left out, as the devices' CSV has no rows there.
      const zone = posixTzOrUtc(answer.timezone);
      const rows = answer.points
        .filter((point) => point.sum_w !== null)
        .map((point): Cell[] => [
          localIso(zone, point.t),
          point.sum_w,
          point.lacking.join(' '),
          ...names.map((name) => point.devices[name]),
        ]);
      return sendCsv(
        reply,
        `plant-power-${date}`,
        ['time', 'sum_w', 'lacking', ...names.map((name) => `${name}_w`)],
        rows,
      );
    }),
  );

  app.get(
    '/companion/api/plant/energy',
    refused(async (request, reply) => {
      const params = request.query as Partial<Record<keyof PlantEnergyQuery, string>>;
      const csv = csvWanted(request);
      const by = params.by as EnergyBy;
      if (!['day', 'month', 'year'].includes(by)) throw new Refusal(400, 'by must be day, month or year');
      const from = parseDay(params.from);
      const to = parseDay(params.to);
      if (!from || !to) throw new Refusal(400, 'from and to must be days written YYYY-MM-DD');
      const devices = await askEach<EnergyAnswer>(
        app,
        names,
        `companion/api/energy?${query({ by, from, to })}`,
        request.headers.authorization,
      );
      const answer = plantEnergy({ by, from, to }, devices, plantGrid?.(from, to, by));
      if (!csv) return answer;
      // The flow's columns once a meter was recorded in the answer (issue 45).
      const flow = answer.periods.some((period) => period.imported_wh !== null);
      const rows = answer.periods.map((period): Cell[] => [
        period.period,
        period.total_wh,
        period.lacking.join(' '),
        ...names.map((name) => period.devices[name]),
        ...(flow ? flowCells(period) : []),
      ]);
      return sendCsv(
        reply,
        `plant-energy-${by}-${from}-${to}`,
        [
          'period',
          'total_wh',
          'lacking',
          ...names.map((name) => `${name}_wh`),
          ...(flow ? FLOW_COLUMNS : []),
        ],
        rows,
      );
    }),
  );
}
