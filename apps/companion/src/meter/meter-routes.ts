/**
 * The grid meter's routes (contract: packages/api/src/companion/meter.ts):
 * - GET /companion/api/meter: the reading now, by the device's read-only rule (as the
 *   live data: what flows now is what the live view shows);
 * - GET /companion/api/flow?date=YYYY-MM-DD[&format=csv]: the day in 5-minute slots, by
 *   the read-only rule as the rest of the history;
 * - GET and POST /companion/api/meter/settings: for the admin (the meter's address may
 *   hold its password).
 */
import {
  posixTzOrUtc,
  METER_NONE_S,
  METER_OLD_S,
  type FlowAnswer,
  type MeterAnswer,
  type MeterSettingsAnswer,
  type MeterSettingsBody,
} from '@opendtu/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DeviceUnreachable, type DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import { toCsv } from '../history/csv';
import { localIso, parseDay } from '../history/dates';
import { admitted } from '../ops/admin-only';
import { registerSettingsSave } from '../ops/settings-route';
import type { HistoryStore } from '../recorder/db/history-store';
import { flowFields } from './flow-figures';
import { flowRows, periodFlows, type GridHistory } from './grid-history';
import { GRID_SLOT_MS, type GridStore } from './grid-store';
import { maskedUrl, meterFields } from './meter-fields';
import type { MeterSource } from './meter-source';
import type { MeterSpec } from './meter-spec';
import { parseMeterSettingsBody, type SavedMeter } from './settings-file';

/** Who may read and who may change: the device's rule, or every device's of a plant. */
export type MeterAccess = Pick<DeviceAccess, 'mayRead' | 'validCredentials'>;

export interface MeterRoutesContext {
  access: MeterAccess;
  /** Where the paths are: `companion/api` (a device) or `companion/api/plant` (the plant's meter). */
  base: string;
  clock: DeviceClock;
  gridStore: GridStore;
  /** The day's flow (the device's from its own history, the plant's from its devices'). */
  flow: (date: string, authorization: string | undefined) => FlowAnswer | Promise<FlowAnswer>;
  /** The meter being read now; undefined: none. */
  reader: () => MeterSource | undefined;
  settings: () => MeterSettingsBody;
  source: () => MeterSettingsAnswer['source'];
  controlMeter: () => MeterSpec | undefined;
  save: (saved: SavedMeter) => Promise<void>;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The reading now, worth what its age says (never a 0 W that was not measured). */
export function meterAnswer(context: MeterRoutesContext): MeterAnswer {
  const reader = context.reader();
  const settings = context.settings();
  const kind = settings.meter?.kind ?? null;
  const off: MeterAnswer = {
    state: 'off',
    kind,
    power_w: null,
    at: null,
    age_s: null,
    error: null,
    counter_error: null,
    energy_from: null,
    today: null,
  };
  if (!reader) return off;
  const { clock } = context;
  const latest = reader.latest;
  const base = {
    ...off,
    error: reader.error ?? null,
    counter_error: reader.counterError ?? null,
    energy_from:
      reader.netted === undefined || reader.counterError ? ('power' as const) : ('counters' as const),
  };
  if (!clock.ready) return { ...base, state: 'waiting' };
  const now = clock.now();
  const todayRow = context.gridStore.days(clock.day(now), clock.day(now))[0];
  const today = {
    imported_wh: round1(todayRow?.importWh ?? 0),
    exported_wh: round1(todayRow?.exportWh ?? 0),
  };
  if (!latest) return { ...base, state: 'waiting', today };
  const age = Math.max(0, (now - latest.at) / 1000);
  const state = age > METER_NONE_S ? 'none' : age > METER_OLD_S || reader.error ? 'old' : 'fresh';
  return {
    ...base,
    state,
    power_w: state === 'none' ? null : round1(latest.powerW),
    at: localIso(clock.zone, latest.at),
    age_s: Math.round(age),
    today,
  };
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export function registerMeterRoutes(app: FastifyInstance, context: MeterRoutesContext): void {
  const { access, base } = context;

  /** Runs `answer` for a reader the device's read-only rule admits; 401, 503 or 400 otherwise. */
  const readable =
    (answer: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        if (!(await access.mayRead(request.headers.authorization))) throw new BadRequest('Unauthorized', 401);
        return await answer(request, reply);
      } catch (error) {
        if (error instanceof BadRequest) return reply.code(error.status).send({ message: error.message });
        if (error instanceof DeviceUnreachable)
          return reply
            .code(503)
            .send({ message: 'The device does not answer, so its access rule is unknown' });
        throw error;
      }
    };

  app.get(
    `/${base}/meter`,
    readable((_request, reply) => reply.header('Cache-Control', 'no-store').send(meterAnswer(context))),
  );

  app.get(
    `/${base}/flow`,
    readable(async (request, reply) => {
      const query = request.query as { date?: string; format?: string };
      if (query.format !== undefined && query.format !== 'json' && query.format !== 'csv')
        throw new BadRequest('format must be json or csv');
      const date = parseDay(query.date);
      if (!date) throw new BadRequest('date must be a day written YYYY-MM-DD');
      const answer = await context.flow(date, request.headers.authorization);
      if (query.format !== 'csv') return answer;
      const zone = posixTzOrUtc(answer.timezone);
      const rows = answer.points
        .filter(([, ...values]) => values.some((value) => value !== null))
        .map(([t, ...values]) => [localIso(zone, t), ...values]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="flow-${date}.csv"`)
        .send(toCsv(['time', ...answer.columns.slice(1)], rows));
    }),
  );

  app.get(`/${base}/meter/settings`, async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const { meter } = context.settings();
    const control = context.controlMeter();
    const masked = (fields: NonNullable<MeterSettingsBody['meter']>) => ({
      ...fields,
      url: maskedUrl(fields.url),
    });
    const answer: MeterSettingsAnswer = {
      settings: { meter: meter && masked(meter) },
      source: context.source(),
      control_meter: control ? masked(meterFields(control)) : null,
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  registerSettingsSave(app, `/${base}/meter/settings`, access, (body) =>
    context.save(parseMeterSettingsBody(body, context.settings().meter)),
  );
}

/** A device's day flow: its slots and its figures (the energy answer's for the day). */
export function flowAnswer(
  context: { clock: DeviceClock; store: HistoryStore; grid: GridHistory },
  date: string,
): FlowAnswer {
  const { clock, store } = context;
  const [from, to] = clock.dayBounds(date);
  const energy = store.dayEnergy(date, date);
  const produced = energy.length ? Math.round(energy.reduce((sum, row) => sum + row.wh, 0) * 10) / 10 : null;
  const inverters = store.inverters().map((inverter) => store.power(inverter.id, from, to));
  const day =
    periodFlows(context.grid, date, date, 'day', new Map(produced === null ? [] : [[date, produced]])).get(
      date,
    ) ?? flowFields(produced, null, null);
  return {
    date,
    timezone: clock.timezone,
    from,
    to,
    slot_ms: GRID_SLOT_MS,
    columns: ['t', 'produced_wh', 'self_used_wh', 'exported_wh', 'imported_wh', 'consumption_wh'],
    points: flowRows(context.grid, from, to, inverters),
    day,
  };
}
