// Time from a fault made on purpose to the alert's message at the receiver, rule by rule, at
// a simulated noon: the emulator and the companion at the same --speed, short thresholds,
// one fault at a time (each cleared, and its alert resolved, before the next).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertRule, AlertSettingsBody, AlertWebhookBody } from '@opendtu/api';
import { sixStringSerial } from '../../apps/emulator/src/sim/bench-inverters';
import { log } from '../lib/bundles';
import { ADMIN } from '../lib/device';
import { startPlant, until, type Plant } from './alerts-plant';

/** Device time runs this much faster (a device minute in 2 real seconds). */
export const FAULT_SPEED = 30;
/** Every timed rule's threshold, in device minutes. */
export const FAULT_MINUTES = 5;
const INVERTERS = 3;
export const NOON = '2026-06-21T12:00';
/** Real ms a message may take past its threshold before the figure counts as not reached. */
const GRACE_MS = 60_000;

export interface FaultCase {
  rule: AlertRule;
  /** The fault as the emulator takes it. */
  fault: string;
  /** The rule's threshold in device minutes: what the measured time is compared with. */
  thresholdMinutes: number;
  /** How the threshold is meant. */
  thresholdNote: string;
  /**
   * The excess is waited for on this machine's clock, not the device's: in device time it
   * grows with --speed, so it is also given in real seconds.
   */
  realClock?: string;
}

export interface FaultFigure extends FaultCase {
  /** Device seconds from the fault to the message received; undefined: none came. */
  deviceSeconds: number | undefined;
}

const SERIALS = Array.from({ length: INVERTERS }, (_, i) => sixStringSerial(i));

interface Step extends FaultCase {
  serial: string | null;
  /** The fault as POST /emulator/faults takes it, or what else makes it. */
  body: object | ((plant: Plant) => Promise<void>);
  /** Ends a fault the emulator did not make. */
  clear?: (plant: Plant) => Promise<void>;
  /** Something the owner does after the fault that the rule is about (a limit command). */
  then?: (plant: Plant) => Promise<void>;
  /** An entry already over when it is read is told once, with nothing to resolve. */
  resolves: boolean;
}

const STEPS: Step[] = [
  {
    rule: 'eventlog',
    fault: 'eventlog-entry (148, grid disconnection)',
    thresholdMinutes: FAULT_MINUTES,
    thresholdNote: 'the log read every',
    serial: SERIALS[0]!,
    body: { fault: 'eventlog-entry', serial: SERIALS[0], id: 148 },
    resolves: false,
  },
  {
    rule: 'string-weak',
    fault: 'string-dark (input 3)',
    thresholdMinutes: FAULT_MINUTES,
    thresholdNote: 'weak in good light for',
    serial: SERIALS[1]!,
    body: { fault: 'string-dark', serial: SERIALS[1], channel: 2 },
    resolves: true,
  },
  {
    rule: 'command-failed',
    fault: 'limit-fails, then a limit command',
    thresholdMinutes: 0,
    thresholdNote: `Failure told at once (unconfirmed: ${FAULT_MINUTES} min)`,
    serial: SERIALS[2]!,
    body: { fault: 'limit-fails', serial: SERIALS[2] },
    // 100 % relative: a command like any other that changes nothing else on the roof.
    then: (plant) => sendLimit(plant, SERIALS[2]!),
    resolves: true,
  },
  {
    rule: 'inverter-silent',
    fault: 'inverter-silent',
    thresholdMinutes: FAULT_MINUTES,
    thresholdNote: 'no new data for',
    serial: SERIALS[0]!,
    body: { fault: 'inverter-silent', serial: SERIALS[0] },
    resolves: true,
  },
  {
    rule: 'inverter-hot',
    fault:
      "the limit set 5 °C under the inverters' temperature in the app (POST /companion/api/alerts/settings)",
    thresholdMinutes: FAULT_MINUTES,
    thresholdNote: 'hotter than the limit for',
    serial: SERIALS[0]!,
    body: async (plant) => hotLimit(plant, (await temperatureOf(plant, SERIALS[0]!)) - 5),
    clear: (plant) => hotLimit(plant, 120),
    resolves: true,
  },
  {
    rule: 'influx-failing',
    fault: 'the InfluxDB target answers 503',
    thresholdMinutes: FAULT_MINUTES,
    thresholdNote: 'failing for',
    realClock: 'counted from the first refused push (the recorder writes and pushes every real second)',
    serial: null,
    body: async () => {
      influxDown = true;
    },
    clear: async () => {
      influxDown = false;
    },
    resolves: true,
  },
  {
    rule: 'dtu-unreachable',
    fault: 'device-vanish',
    thresholdMinutes: FAULT_MINUTES,
    thresholdNote: 'unreachable for',
    realClock: "a dead link is found by the companion's socket pings (every 15 real s)",
    serial: null,
    body: { fault: 'device-vanish' },
    resolves: true,
  },
];

async function sendLimit(plant: Plant, serial: string): Promise<void> {
  const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const response = await fetch(`${plant.companion.url}/api/limit/config`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: JSON.stringify({ serial, limit_value: 100, limit_type: 1 }) }),
  });
  await response.arrayBuffer();
}

/** The InfluxDB target: takes every write (204) until the fault makes it answer 503. */
let influxDown = false;
function startInflux(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(influxDown ? 503 : 204).end());
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

async function temperatureOf(plant: Plant, serial: string): Promise<number> {
  const live = await plant.deviceJson<{
    inverters: { serial: string; INV: Record<string, { Temperature?: { v: number } }> }[];
  }>(`/api/livedata/status?inv=${serial}`);
  const inverter = live.inverters.find((one) => one.serial === serial);
  return inverter?.INV['0']?.Temperature?.v ?? 40;
}

/** The inverter-hot rule on at `celsius`, as the owner saves it on the Alerts screen. */
async function hotLimit(plant: Plant, celsius: number): Promise<void> {
  const answer = await plant.alerts();
  const body: AlertSettingsBody = {
    rules: answer.rules.map((rule) =>
      rule.rule === 'inverter-hot' ? { ...rule, enabled: true, threshold: Math.round(celsius) } : rule,
    ),
    twilight_minutes: answer.twilight_minutes,
    reminder_hours: answer.reminder_hours,
    quiet_hours: answer.quiet_hours,
    channels: answer.channels.map(({ url }) => url),
  };
  const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const response = await fetch(`${plant.companion.url}/companion/api/alerts/settings`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`alert settings: HTTP ${response.status} ${await response.text()}`);
}

const matches = (body: AlertWebhookBody, step: Step, event: string): boolean =>
  body.event === event &&
  body.alert?.rule === step.rule &&
  (body.alert.inverter?.serial ?? null) === step.serial;

export async function measureFaults(server: string): Promise<FaultFigure[]> {
  const influx = await startInflux();
  const plant = await startPlant({
    server,
    speed: FAULT_SPEED,
    time: NOON,
    inverters: INVERTERS,
    // The whole device FAULT_SPEED times faster, pushes included.
    pushIntervalMs: Math.round(1000 / FAULT_SPEED),
    companionArgs: [
      ...['inverter', 'string', 'command', 'dtu', 'eventlog', 'influx'].flatMap((rule) => [
        `--alert-${rule}-minutes`,
        String(FAULT_MINUTES),
      ]),
      ...['--influx-url', `http://127.0.0.1:${(influx.address() as AddressInfo).port}/write?db=solar`],
      // The first reading of each event log (what was there before) is said at this level.
      '--log-level',
      'debug',
    ],
  });
  try {
    const ready = await until(
      async () =>
        (await plant.alerts()).daylight !== null &&
        SERIALS.every((_, i) => plant.companion.output().includes(`event log of HMT-2250 ${i + 1} holds`)),
      60_000,
      250,
    );
    if (!ready) throw new Error('alerts: the companion did not learn the sun times and event logs in 60 s');
    const figures: FaultFigure[] = [];
    for (const step of STEPS) {
      const { rule, fault, thresholdMinutes, thresholdNote, realClock } = step;
      log(`  ${rule}: ${fault}`);
      const from = plant.receiver.received.length;
      let start: number;
      if (typeof step.body === 'function') {
        await step.body(plant);
        start = Date.now();
      } else start = await plant.fault(step.body);
      if (step.then) {
        await step.then(plant);
        start = Date.now();
      }
      const since = () => plant.receiver.received.slice(from);
      const limitMs = (Math.max(thresholdMinutes, 1) * 60_000) / FAULT_SPEED + GRACE_MS;
      await until(() => since().some((hook) => matches(hook.body, step, 'raised')), limitMs);
      const raised = since().find((hook) => matches(hook.body, step, 'raised'));
      figures.push({
        rule,
        fault,
        thresholdMinutes,
        thresholdNote,
        ...(realClock ? { realClock } : {}),
        deviceSeconds: raised && ((raised.at - start) * FAULT_SPEED) / 1000,
      });
      if (step.clear) await step.clear(plant);
      else await plant.clearFaults();
      if (step.resolves && raised)
        await until(() => since().some((hook) => matches(hook.body, step, 'resolved')), GRACE_MS);
    }
    return figures;
  } finally {
    await plant.stop();
    influx.closeAllConnections();
    await new Promise((done) => influx.close(done));
  }
}
