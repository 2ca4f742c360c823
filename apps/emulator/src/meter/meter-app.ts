/**
 * The grid meter as an HTTP device on a port of its own: one meter that answers in the
 * three forms zero-export setups read (see meter-forms.ts), so a controller can be pointed
 * at whichever it supports.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { GridMeter } from './grid-meter';
import { shelly3emStatus, shellyEmDataStatus, shellyEmStatus, tasmotaSensor } from './meter-forms';

/** Where each form answers (docs/emulator.md#grid-meter-and-house lists them). */
export const METER_PATHS = {
  shellyPro3em: '/rpc/EM.GetStatus?id=0',
  shellyPro3emEnergy: '/rpc/EMData.GetStatus?id=0',
  shelly3em: '/status',
  tasmotaSml: '/cm?cmnd=Status%2010',
} as const;

const SHELLY_RPC_METHODS: Record<string, (meter: GridMeter) => Record<string, unknown>> = {
  'EM.GetStatus': (meter) => shellyEmStatus(meter.read()),
  'EMData.GetStatus': (meter) => shellyEmDataStatus(meter.read()),
};

/** The Gen2 "no such component" error (code -105, as the RPC docs list it). */
const notFound = (id: unknown): { code: number; message: string } => ({
  code: -105,
  message: `Argument 'id', value ${String(id)} not found!`,
});

/** Wh with one decimal, as the truth is told. */
const wh = (value: number): number => Math.round(value * 10) / 10;

export function buildMeterApp(
  meter: GridMeter,
  now: () => number,
  /** Whether the meter answers nothing now (the fault `meter-silent`): each request's connection is dropped. */
  silent: () => boolean = () => false,
): FastifyInstance {
  const app = Fastify({ logger: false });
  const startedAt = now();
  app.addHook('onRequest', async (request, reply) => {
    if (!silent()) return;
    reply.hijack();
    request.raw.socket.destroy();
  });

  // The emulator's own account, not the meter's (issue 45): per local day what the house
  // used, the inverters fed and the grid gave and took, for tests that check a client.
  app.get('/emulator/energy', async () => {
    meter.read();
    const days = Object.entries(meter.truth()).map(([day, truth]) => [
      day,
      {
        house_wh: wh(truth.houseWh),
        fed_wh: wh(truth.fedWh),
        import_wh: wh(truth.importWh),
        export_wh: wh(truth.exportWh),
      },
    ]);
    return { at: new Date(now()).toISOString(), days: Object.fromEntries(days) };
  });

  for (const [method, answer] of Object.entries(SHELLY_RPC_METHODS)) {
    app.get<{ Querystring: { id?: string } }>(`/rpc/${method}`, async (request, reply) => {
      const id = request.query.id ?? '0';
      if (id !== '0') return reply.code(400).send(notFound(id));
      return answer(meter);
    });
  }
  // JSON-RPC over POST, as Gen2 clients that speak the RPC frame do.
  app.post<{ Body: { id?: unknown; method?: unknown; params?: { id?: unknown } } }>(
    '/rpc',
    async (request) => {
      const { id = null, method, params } = request.body ?? {};
      const src = 'shellypro3em-emulated';
      const answer = typeof method === 'string' ? SHELLY_RPC_METHODS[method] : undefined;
      if (!answer) return { id, src, error: { code: 404, message: `No handler for ${String(method)}` } };
      if ((params?.id ?? 0) !== 0) return { id, src, error: notFound(params?.id) };
      return { id, src, result: answer(meter) };
    },
  );

  app.get('/status', async () => shelly3emStatus(meter.read(), (now() - startedAt) / 1000));

  app.get<{ Querystring: { cmnd?: string } }>('/cm', async (request) => {
    const command = (request.query.cmnd ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    // Status 8 is the older name of the same sensor status.
    if (command === 'status 10' || command === 'status 8') return { StatusSNS: tasmotaSensor(meter.read()) };
    return { Command: 'Unknown' };
  });

  app.get('/', async () => ({ meter: 'grid', forms: METER_PATHS }));
  return app;
}
