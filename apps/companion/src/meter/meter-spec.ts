/**
 * Where the grid meter is read and how its power and energy counters are found in the
 * answer (pure). The three meters owners have most are known by name; anything else that
 * answers JSON over HTTP, or publishes on MQTT, is read with a path to the power.
 *
 * Energy counters (issue 45), where the meter has them:
 * - Shelly Pro 3EM: `EMData.GetStatus` `total_act` / `total_act_ret` (Wh), a request of
 *   its own beside `EM.GetStatus`;
 * - Shelly 3EM: `emeters[].total` / `total_returned` (Wh) in the same `/status` answer;
 * - a Tasmota SML reader (HTTP or its MQTT SENSOR message): `Total_in` / `Total_out` (kWh)
 *   beside the power value (`SML.Power_curr` -> `SML.Total_in`).
 * Both Shellys count each phase on its own (a phase feeding while another draws counts
 * both ways); the SML reader shows the utility meter's own registers, which net the
 * phases. meter/grid-energy.ts nets the Shellys' counters.
 */
import type { ControlMeterKind } from '@opendtu/api';
import { MASK } from '../settings/mask';

/** How a meter's energy counters are read, and whether they net the phases. */
export type CounterForm =
  /** A request of its own (`EMData.GetStatus`), fields `total_act`, `total_act_ret` in Wh. */
  | { kind: 'shelly-emdata'; url: URL }
  /** `emeters[].total` and `total_returned` (Wh) of the power's answer, summed. */
  | { kind: 'shelly-emeters' }
  /** `<base>.Total_in` and `<base>.Total_out` (kWh) beside the power's value. */
  | { kind: 'sml'; base: string };

export interface MeterSpec {
  kind: ControlMeterKind;
  /** What is fetched (HTTP) or the broker (MQTT), without credentials. */
  url: URL;
  /** MQTT only: the topic. */
  topic?: string;
  /** Dot path to the power in the JSON answer; '' means the answer is the number itself. */
  path: string;
  /** User and password given in the URL (basic authentication, MQTT login). */
  username?: string;
  password?: string;
}

/** Where the spec's energy counters are, if the meter has them (`netted`: phases netted). */
export function counterForm(spec: MeterSpec): { form: CounterForm; netted: boolean } | undefined {
  if (spec.kind === 'shelly-pro-3em')
    return {
      form: { kind: 'shelly-emdata', url: new URL('EMData.GetStatus?id=0', spec.url) },
      netted: false,
    };
  if (spec.kind === 'shelly-3em') return { form: { kind: 'shelly-emeters' }, netted: false };
  // A Tasmota SML script's power value has its counters beside it (the common example's names).
  const sml = /^(.*)\.Power_curr$/.exec(spec.path);
  if (sml) return { form: { kind: 'sml', base: sml[1]! }, netted: true };
  return undefined;
}

export class MeterSpecError extends Error {}

/** Where each known meter answers and where its power (W, positive for import) is. */
export const KNOWN_METERS: Record<
  'shelly-pro-3em' | 'shelly-3em' | 'tasmota',
  { path: string; field: string }
> = {
  'shelly-pro-3em': { path: 'rpc/EM.GetStatus?id=0', field: 'total_act_power' },
  'shelly-3em': { path: 'status', field: 'total_power' },
  // The SML script names the meter and its values; these are the common example's.
  tasmota: { path: 'cm?cmnd=Status%2010', field: 'StatusSNS.SML.Power_curr' },
};

const KINDS = ['shelly-pro-3em', 'shelly-3em', 'tasmota', 'json', 'mqtt'] as const;

export const METER_FORMS =
  'shelly-pro-3em:http://host, shelly-3em:http://host, tasmota:http://host[#SML.Power_curr], ' +
  'http://host/path#json.path, or mqtt://host[:port]/topic[#json.path]';

/** `a.b[0].c` -> `a.b.0.c`, no leading dot. */
const normalPath = (path: string): string => path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/**
 * Reads `--control-meter`: `kind:url`, or a URL whose scheme says it (http(s) with a path
 * after `#`, mqtt(s)). Throws a MeterSpecError with what is wrong.
 */
export function parseMeterSpec(text: string): MeterSpec {
  const trimmed = text.trim();
  const named = /^([a-z0-9-]+):(?!\/\/)(.*)$/i.exec(trimmed);
  const kindText = named?.[1]!.toLowerCase();
  if (named && !(KINDS as readonly string[]).includes(kindText!))
    throw new MeterSpecError(`unknown meter kind "${named[1]}" (${METER_FORMS})`);
  const rest = named ? named[2]! : trimmed;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(rest) ? rest : `http://${rest}`);
  } catch {
    throw new MeterSpecError(`the meter must be given as ${METER_FORMS}, got "${text}"`);
  }
  const fragment = normalPath(decodeURIComponent(url.hash.replace(/^#/, '')));
  url.hash = '';
  const credentials = {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
  url.username = '';
  url.password = '';
  const mqtt = url.protocol === 'mqtt:' || url.protocol === 'mqtts:';
  if (mqtt || kindText === 'mqtt') {
    if (!mqtt) throw new MeterSpecError(`an MQTT meter needs mqtt:// or mqtts://, got "${text}"`);
    const topic = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (topic === '')
      throw new MeterSpecError(`the MQTT meter needs a topic: mqtt://host/topic, got "${text}"`);
    return {
      kind: 'mqtt',
      url: new URL(`${url.protocol}//${url.host}`),
      topic,
      path: fragment,
      ...credentials,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new MeterSpecError(`the meter must be given as ${METER_FORMS}, got "${text}"`);
  if (kindText === undefined || kindText === 'json') {
    if (fragment === '')
      throw new MeterSpecError(
        `say where the power is: http://host/path#json.path, or name the meter (${METER_FORMS}); got "${text}"`,
      );
    return { kind: 'http-json', url, path: fragment, ...credentials };
  }
  const known = KNOWN_METERS[kindText as keyof typeof KNOWN_METERS];
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  const field =
    kindText === 'tasmota' && fragment !== ''
      ? `StatusSNS.${fragment.replace(/^StatusSNS\./, '')}`
      : known.field;
  return { kind: kindText as MeterSpec['kind'], url: new URL(known.path, url), path: field, ...credentials };
}

/** The spec as it may be shown and logged: no password. */
export function maskedMeter(spec: MeterSpec): string {
  const url = new URL(spec.url);
  if (spec.username) url.username = encodeURIComponent(spec.username);
  if (spec.password) url.password = MASK;
  if (spec.topic !== undefined) url.pathname = `/${spec.topic}`;
  return `${spec.kind}:${url.href}${spec.path ? `#${spec.path}` : ''}`;
}

/** The number at `path` of a JSON answer (a number, or a numeric string); throws saying why not. */
function numberAt(answer: unknown, path: string): number {
  let value = answer;
  for (const key of path === '' ? [] : path.split('.')) {
    if (value === null || typeof value !== 'object' || !(key in value))
      throw new Error(`the answer has no ${path}`);
    value = (value as Record<string, unknown>)[key];
  }
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number))
    throw new Error(`${path || 'the answer'} is not a number (${JSON.stringify(value)})`);
  return number;
}

/** The power at `path` of a JSON answer (a number, or a numeric string); throws saying why not. */
export const powerAt = (answer: unknown, path: string): number => numberAt(answer, path);

/** A meter's energy counters: Wh taken from the grid and fed into it since it began counting. */
export interface MeterCounters {
  importWh: number;
  exportWh: number;
}

/**
 * The counters of an answer in the form the spec's meter has (`shelly-emdata`: the answer
 * of its own request); throws saying why not. A Shelly 3EM phase whose reading is not
 * valid still has its counters.
 */
export function countersAt(answer: unknown, form: CounterForm): MeterCounters {
  switch (form.kind) {
    case 'shelly-emdata':
      return { importWh: numberAt(answer, 'total_act'), exportWh: numberAt(answer, 'total_act_ret') };
    case 'shelly-emeters': {
      const emeters = (answer as { emeters?: unknown } | null)?.emeters;
      if (!Array.isArray(emeters) || emeters.length === 0) throw new Error('the answer has no emeters');
      return emeters.reduce<MeterCounters>(
        (sum, _emeter, index) => ({
          importWh: sum.importWh + numberAt(emeters, `${index}.total`),
          exportWh: sum.exportWh + numberAt(emeters, `${index}.total_returned`),
        }),
        { importWh: 0, exportWh: 0 },
      );
    }
    case 'sml':
      return {
        importWh: numberAt(answer, `${form.base}.Total_in`) * 1000,
        exportWh: numberAt(answer, `${form.base}.Total_out`) * 1000,
      };
  }
}

/** What a message or answer body says, as JSON, else as a plain number. */
export function parseMeterBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim();
  }
}
