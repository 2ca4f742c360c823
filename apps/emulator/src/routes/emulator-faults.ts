/**
 * Faults on purpose (issue 31), emulator only: the device has nothing like it. Outside its
 * /api, on the same port: GET /emulator/faults lists the standing faults, POST sets one
 * (a JSON body), DELETE clears them (all, or those named by `?fault=&serial=&channel=`).
 * No device credentials: this is the world around the device, not the device. A POST
 * must be sent as application/json, which a page of another site cannot do without a
 * CORS preflight (never granted here), and a DELETE always needs one: no other site can
 * break the device from a visitor's browser.
 */
import { formatSerial } from '@opendtu/api';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { holdWhileVanished, EMULATOR_PREFIX, type VanishGate } from '../http/vanish-gate';
import {
  FAULT_KINDS,
  faultJson,
  parseFault,
  serialOf,
  type Fault,
  type FaultFilter,
  type FaultKind,
} from '../sim/faults';

const FAULTS_PATH = `${EMULATOR_PREFIX}faults`;

/** Why the running device cannot take this fault (an inverter it does not have). */
export function faultProblem(app: FastifyInstance, fault: Fault): string | undefined {
  if (!('serial' in fault)) return undefined;
  const inverter = app.device.inverters.find(fault.serial);
  const serial = formatSerial(fault.serial);
  if (!inverter) return `the device runs no inverter with serial ${serial}`;
  const inputs = inverter.family.dcInputs;
  if (fault.fault === 'string-dark' && fault.channel >= inputs)
    return `inverter ${serial} has DC channels 0 to ${inputs - 1}`;
  return undefined;
}

/** Sets the `--fault` options at the first boot; throws when the device cannot take one. */
export function applyStartFaults(app: FastifyInstance, faults: readonly Fault[]): void {
  for (const fault of faults) {
    const problem = faultProblem(app, fault);
    if (problem) throw new Error(`--fault ${fault.fault}: ${problem}`);
    app.device.faults.add(fault, Date.now());
  }
  // The simulation takes them from now on (and the event-log entries now).
  app.device.inverters.list();
}

const isJson = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

function filterOf(query: Record<string, string | undefined>): FaultFilter | string {
  const filter: FaultFilter = {};
  if (query.fault !== undefined) {
    if (!FAULT_KINDS.includes(query.fault as FaultKind))
      return `"fault" must be one of ${FAULT_KINDS.join(', ')}`;
    filter.fault = query.fault as FaultKind;
  }
  if (query.serial !== undefined) {
    filter.serial = serialOf(query.serial);
    if (filter.serial === undefined) return '"serial" must be an inverter serial in hex';
  }
  if (query.channel !== undefined) {
    if (!/^\d$/.test(query.channel)) return '"channel" must be a DC channel index';
    filter.channel = Number(query.channel);
  }
  return filter;
}

const faultRoutes: FastifyPluginAsync<{ gate: VanishGate }> = async (app, { gate }) => {
  const { faults } = app.device;
  const listing = (): object => ({
    faults: faults.list(Date.now()).map(faultJson),
    held_requests: gate.held(),
  });
  const refuse = (reply: FastifyReply, status: number, error: string): FastifyReply =>
    reply.code(status).send({ error });
  // The device itself reads no JSON bodies; this endpoint reads nothing else.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(FAULTS_PATH, async () => listing());

  app.post(FAULTS_PATH, async (request, reply) => {
    if (!isJson(request)) return refuse(reply, 415, 'send the fault as Content-Type: application/json');
    let body: unknown;
    try {
      body = JSON.parse(String(request.body));
    } catch {
      return refuse(reply, 400, 'the body is not JSON');
    }
    const fault = parseFault(body);
    if (typeof fault === 'string') return refuse(reply, 400, fault);
    const problem = faultProblem(app, fault);
    if (problem) return refuse(reply, 422, problem);
    faults.add(fault, Date.now());
    app.device.inverters.list();
    return listing();
  });

  app.delete(FAULTS_PATH, async (request, reply) => {
    const filter = filterOf(request.query as Record<string, string | undefined>);
    if (typeof filter === 'string') return refuse(reply, 400, filter);
    const cleared = faults.clear(filter, Date.now());
    app.device.inverters.list();
    return { cleared, ...listing() };
  });
};

/**
 * The hold on requests while the device has vanished (for every route registered after
 * this) and the endpoint itself.
 */
export async function registerFaultControl(app: FastifyInstance): Promise<void> {
  const gate = holdWhileVanished(app, app.device.faults);
  await app.register(faultRoutes, { gate });
}
