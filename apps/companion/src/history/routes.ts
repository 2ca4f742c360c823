/**
 * The companion's own API, outside the device's namespace (the device answers every
 * unknown path, /companion/... too, with index.html, so a JSON answer here is proof of
 * the companion). Each answers JSON, or CSV with `format=csv` (header line first):
 * - GET /companion/api/info: version, device URL, since when it records;
 * - GET /companion/api/power?date=YYYY-MM-DD[&serial=S]: the day's power per inverter and
 *   string at the stored resolution; null values mark a gap or an unreachable inverter;
 * - GET /companion/api/energy?by=day|month|year&from=..&to=..[&serial=S]: Wh per period,
 *   per inverter and in sum;
 * - GET /companion/api/ticket: a socket ticket for a browser with valid credentials.
 * History and tickets follow the device's read-only rule (device/access.ts).
 */
import type {
  CompanionError,
  CompanionInfoAnswer,
  EnergyAnswer,
  EnergyFlowFields,
  EnergyQuery,
  PowerAnswer,
  PowerQuery,
  PowerRow,
  TicketAnswer,
} from '@opendtu/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DeviceUnreachable, type DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { Tickets } from '../live/tickets';
import { flowFields } from '../meter/flow-figures';
import { periodFlows, type GridHistory } from '../meter/grid-history';
import { joined, type HistoryStore, type InverterInfo, type PowerPoint } from '../recorder/db/history-store';
import { toCsv, type Cell } from './csv';
import { localIso, parseDay, periodOf, periodsBetween } from './dates';

export interface HistoryContext {
  store: HistoryStore;
  clock: DeviceClock;
  access: DeviceAccess;
  tickets: Tickets;
  version: string;
  deviceUrl: string;
  demo: boolean;
  /** The device's name in a plant (several devices), for the app's way back to the plant. */
  plant?: string | undefined;
  /** The grid meter's history (issue 45), for the energy's flow figures. */
  grid?: GridHistory | undefined;
}

/** The flow's columns of the energy CSV, after the inverters' (issue 45). */
export const FLOW_COLUMNS = [
  'self_used_wh',
  'exported_wh',
  'imported_wh',
  'consumption_wh',
  'self_consumption_pct',
  'self_sufficiency_pct',
] as const;

export const flowCells = (flow: EnergyFlowFields): Cell[] => FLOW_COLUMNS.map((column) => flow[column]);

/** At most this many days in one energy request (about 30 years). */
const MAX_DAYS = 11_000;

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const refusal = (message: string): CompanionError => ({ message });

const round1 = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

function csvWanted(request: FastifyRequest): boolean {
  const { format } = request.query as { format?: string };
  if (format === undefined || format === 'json') return false;
  if (format === 'csv') return true;
  throw new BadRequest('format must be json or csv');
}

function sendCsv(reply: FastifyReply, name: string, header: string[], rows: Cell[][]): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}.csv"`)
    .send(toCsv(header, rows));
}

function selectInverters(store: HistoryStore, serial: unknown): InverterInfo[] {
  const all = store.inverters();
  if (serial === undefined) return all;
  const found = all.filter((inverter) => inverter.serial === serial);
  if (found.length === 0) throw new BadRequest(`no inverter with serial ${String(serial)} is recorded`, 404);
  return found;
}

/**
 * A day's points as rows [t, ac, dc...]: an unreachable inverter's values are not
 * measurements (null), and where recording broke off (another session, a missing
 * 5-minute average) a row of nulls keeps the line from joining across the gap.
 */
export function powerRows(points: PowerPoint[], strings: number): PowerRow[] {
  const rows: PowerRow[] = [];
  const blank = (t: number): PowerRow => [t, null, ...Array<null>(strings).fill(null)];
  points.forEach((point, index) => {
    const before = points[index - 1];
    if (before && !joined(before, point)) rows.push(blank(before.t + 1));
    rows.push(
      point.reachable
        ? [point.t, round1(point.ac), ...point.dc.slice(0, strings).map(round1)]
        : blank(point.t),
    );
  });
  return rows;
}

export function registerHistory(app: FastifyInstance, context: HistoryContext): void {
  const { store, clock, access, tickets } = context;

  const guarded =
    (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (error instanceof BadRequest) return reply.code(error.status).send(refusal(error.message));
        if (error instanceof DeviceUnreachable) {
          return reply.code(503).send(refusal('The device does not answer, so its access rule is unknown'));
        }
        throw error;
      }
    };

  /** The device's read-only rule; no challenge header, so no browser keeps a password. */
  const mayRead = async (request: FastifyRequest): Promise<void> => {
    if (!(await access.mayRead(request.headers.authorization))) throw new BadRequest('Unauthorized', 401);
  };

  app.get('/companion/api/info', async (): Promise<CompanionInfoAnswer> => {
    const since = store.recordingSince();
    return {
      companion: {
        version: context.version,
        device: context.deviceUrl,
        demo: context.demo,
        recording_since: since === undefined ? null : new Date(since).toISOString(),
        timezone: clock.timezone,
        ...(context.plant !== undefined && { plant: context.plant }),
      },
    };
  });

  app.get(
    '/companion/api/ticket',
    guarded(async (request): Promise<TicketAnswer> => {
      const { authorization } = request.headers;
      if (!authorization || !(await access.validCredentials(authorization)))
        throw new BadRequest('Unauthorized', 401);
      return tickets.issue(authorization);
    }),
  );

  app.get(
    '/companion/api/power',
    guarded(async (request, reply) => {
      const query = request.query as Partial<PowerQuery>;
      const csv = csvWanted(request);
      const date = parseDay(query.date);
      if (!date) throw new BadRequest('date must be a day written YYYY-MM-DD');
      await mayRead(request);
      const [from, to] = clock.dayBounds(date);
      const inverters = selectInverters(store, query.serial).map((inverter) => ({
        inverter,
        rows: powerRows(store.power(inverter.id, from, to), inverter.strings.length),
      }));
      if (!csv) {
        return {
          date,
          timezone: clock.timezone,
          from,
          to,
          inverters: inverters.map(({ inverter, rows }) => ({
            serial: inverter.serial,
            name: inverter.name,
            strings: inverter.strings,
            columns: ['t', 'ac', ...inverter.strings.map((_, index) => `dc${index}` as const)],
            points: rows,
          })),
        } satisfies PowerAnswer;
      }
      const strings = Math.max(0, ...inverters.map(({ inverter }) => inverter.strings.length));
      const header = ['time', 'serial', 'ac_w', ...Array.from({ length: strings }, (_, i) => `dc${i + 1}_w`)];
      const rows = inverters.flatMap(({ inverter, rows: points }) =>
        points.map(([t, ...values]) => [localIso(clock.zone, t), inverter.serial, ...values]),
      );
      return sendCsv(reply, `power-${date}`, header, rows);
    }),
  );

  app.get(
    '/companion/api/energy',
    guarded(async (request, reply) => {
      const query = request.query as Partial<Record<keyof EnergyQuery, string>>;
      const csv = csvWanted(request);
      const by = query.by as EnergyQuery['by'];
      if (!['day', 'month', 'year'].includes(by)) throw new BadRequest('by must be day, month or year');
      const from = parseDay(query.from);
      const to = parseDay(query.to);
      if (!from || !to) throw new BadRequest('from and to must be days written YYYY-MM-DD');
      if (from > to) throw new BadRequest('from must not be after to');
      if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) {
        throw new BadRequest(`at most ${MAX_DAYS} days at once`);
      }
      await mayRead(request);
      const inverters = selectInverters(store, query.serial);
      const periods = new Map(
        periodsBetween(from, to, by).map((period) => [period, new Map<number, number>()] as const),
      );
      const producedByDay = new Map<string, number>();
      for (const { inv, day, wh } of store.dayEnergy(from, to)) {
        const sums = periods.get(periodOf(day, by));
        if (sums && inverters.some((inverter) => inverter.id === inv)) {
          sums.set(inv, (sums.get(inv) ?? 0) + wh);
          producedByDay.set(day, (producedByDay.get(day) ?? 0) + wh);
        }
      }
      const total = (sums: Map<number, number>): number | null =>
        sums.size === 0 ? null : round1([...sums.values()].reduce((sum, wh) => sum + wh, 0));
      const totals = new Map([...periods].map(([period, sums]) => [period, total(sums)]));
      // The meter is the house's: with one inverter asked for, its figures do not apply.
      const flows =
        query.serial === undefined
          ? periodFlows(context.grid, from, to, by, producedByDay)
          : new Map([...totals].map(([period, wh]) => [period, flowFields(wh, null, null)]));
      if (!csv) {
        return {
          by,
          from,
          to,
          inverters: inverters.map(({ serial, name }) => ({ serial, name })),
          periods: [...periods].map(([period, sums]) => ({
            period,
            total_wh: totals.get(period)!,
            inverters: Object.fromEntries(
              inverters.map(({ id, serial }) => [serial, round1(sums.get(id) ?? null)]),
            ),
            ...flows.get(period)!,
          })),
        } satisfies EnergyAnswer;
      }
      // The flow's columns once a meter was recorded: a file without one keeps its columns.
      const flow = query.serial === undefined && context.grid?.store.hasAny() === true;
      const header = [
        'period',
        'total_wh',
        ...inverters.map(({ serial }) => `${serial}_wh`),
        ...(flow ? FLOW_COLUMNS : []),
      ];
      const rows = [...periods].map(([period, sums]) => [
        period,
        totals.get(period),
        ...inverters.map(({ id }) => round1(sums.get(id) ?? null)),
        ...(flow ? flowCells(flows.get(period)!) : []),
      ]);
      return sendCsv(reply, `energy-${by}-${from}-${to}`, header, rows);
    }),
  );

  // Our namespace: an unknown path here is a JSON 404, never the web app's index.html.
  app.all('/companion/*', async (_request, reply) => reply.code(404).send(refusal('Not found')));
}
