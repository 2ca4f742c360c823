/**
 * Faults on purpose (issue 31): the world going wrong around the device, so that what
 * watches it (the companion's alerts, the web app) can be tested as it would happen. The
 * state belongs to the process, not to one boot: an inverter that went silent stays
 * silent when the DTU restarts. It is pure (no timers, no I/O; time is passed in), the
 * simulation reads it after every step and the HTTP side holds requests while the device
 * has vanished.
 */
import { formatSerial, parseSerial } from '@opendtu/api';
import type { DtuInverter } from './dtu-inverter';

export const FAULT_KINDS = [
  'inverter-silent',
  'string-dark',
  'limit-fails',
  'eventlog-entry',
  'device-vanish',
  'meter-silent',
  'meter-replaced',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export type Fault =
  /** The inverter's radio no longer answers (as at night): its data ages, it turns unreachable. */
  | { fault: 'inverter-silent'; serial: number }
  /** One DC input (channel index from 0) gets no light: unplugged or fully shaded. */
  | { fault: 'string-dark'; serial: number; channel: number }
  /** Limit and power commands go unanswered, so they end in Failure (and are re-sent). */
  | { fault: 'limit-fails'; serial: number }
  /** One entry with this message id in the inverter's own event log, now (one-shot). */
  | { fault: 'eventlog-entry'; serial: number; id: number }
  /** The device drops off the network, for `seconds` (real time) or until cleared. */
  | { fault: 'device-vanish'; seconds?: number }
  /**
   * The grid meter (--meter-port, --meter-mqtt) stops answering, for `seconds` (real time)
   * or until cleared: restarting, or its network away. Its counters keep counting.
   */
  | { fault: 'meter-silent'; seconds?: number }
  /** A new grid meter in place of the old one: its counters start again at 0 (one-shot). */
  | { fault: 'meter-replaced' };

/** A fault as the emulator's endpoint takes and lists it: serials as the device writes them. */
export type FaultJson = { [K in Fault as K['fault']]: Omit<K, 'serial'> & SerialText<K> }[FaultKind];
type SerialText<K> = K extends { serial: number } ? { serial: string } : unknown;

/** Which standing faults a clear applies to; empty: all of them. */
export interface FaultFilter {
  fault?: FaultKind;
  serial?: number;
  channel?: number;
}

/** Message ids the inverter sends in one byte (inverters.md §3.1). */
const MAX_EVENT_ID = 255;
/** A vanish longer than a day is surely a typo; "until cleared" is the way to say forever. */
const MAX_VANISH_SECONDS = 86_400;
/** Serials as the device's API writes them: hex digits, at most 16. */
const SERIAL_TEXT = /^[0-9a-f]{1,16}$/i;

const isKind = (value: unknown): value is FaultKind => FAULT_KINDS.includes(value as FaultKind);
const isWhole = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** A serial in the device's text form, or undefined when it is not one (or 0). */
export function serialOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !SERIAL_TEXT.test(value)) return undefined;
  const serial = parseSerial(value);
  return serial > 0 ? serial : undefined;
}

/** Reads a fault from parsed JSON; a string says what is wrong with it. */
export function parseFault(input: unknown): Fault | string {
  if (input === null || typeof input !== 'object') return 'expected a JSON object';
  const body = input as Record<string, unknown>;
  const kind = body.fault;
  if (!isKind(kind)) return `"fault" must be one of ${FAULT_KINDS.join(', ')}`;
  if (kind === 'meter-replaced') return { fault: kind };
  if (kind === 'device-vanish' || kind === 'meter-silent') {
    if (body.seconds === undefined) return { fault: kind };
    if (!isWhole(body.seconds, 1, MAX_VANISH_SECONDS))
      return `"seconds" must be a whole number from 1 to ${MAX_VANISH_SECONDS}`;
    return { fault: kind, seconds: body.seconds };
  }
  const serial = serialOf(body.serial);
  if (serial === undefined) return '"serial" must be an inverter serial in hex, e.g. "114181234569"';
  switch (kind) {
    case 'string-dark':
      if (!isWhole(body.channel, 0, 5)) return '"channel" must be a DC channel index from 0';
      return { fault: kind, serial, channel: body.channel };
    case 'eventlog-entry':
      if (!isWhole(body.id, 1, MAX_EVENT_ID))
        return `"id" must be an event message id from 1 to ${MAX_EVENT_ID}`;
      return { fault: kind, serial, id: body.id };
    default:
      return { fault: kind, serial };
  }
}

/**
 * `--fault <kind>:<serial>[:<channel or id>]`, `--fault device-vanish[:<seconds>]`,
 * `--fault meter-silent[:<seconds>]` or `--fault meter-replaced`; throws an Error whose
 * message is fit to show the user.
 */
export function parseFaultOption(text: string): Fault {
  const [kind, ...rest] = text.split(':');
  const number = (part: string | undefined): number | string | undefined =>
    part === undefined ? undefined : /^\d+$/.test(part) ? Number(part) : part;
  const timed = kind === 'device-vanish' || kind === 'meter-silent';
  const body = timed
    ? { fault: kind, seconds: number(rest[0]) }
    : { fault: kind, serial: rest[0], channel: number(rest[1]), id: number(rest[1]) };
  const parts =
    kind === 'meter-replaced' ? 0 : timed ? 1 : kind === 'string-dark' || kind === 'eventlog-entry' ? 2 : 1;
  const fault = rest.length > parts ? 'too many parts' : parseFault(body);
  if (typeof fault === 'string') throw new Error(`--fault "${text}": ${fault.replaceAll('"', '')}`);
  return fault;
}

/** The fault as the endpoint writes it. */
export function faultJson(fault: Fault): FaultJson {
  return 'serial' in fault ? ({ ...fault, serial: formatSerial(fault.serial) } as FaultJson) : fault;
}

const sameFault = (a: Fault, b: Fault): boolean =>
  a.fault === b.fault &&
  (!('serial' in a) || !('serial' in b) || a.serial === b.serial) &&
  (a.fault !== 'string-dark' || b.fault !== 'string-dark' || a.channel === b.channel);

const matches = (fault: Fault, filter: FaultFilter): boolean =>
  (filter.fault === undefined || fault.fault === filter.fault) &&
  (filter.serial === undefined || ('serial' in fault && fault.serial === filter.serial)) &&
  (filter.channel === undefined || (fault.fault === 'string-dark' && fault.channel === filter.channel));

export class FaultState {
  private standing: Fault[] = [];
  private events: { serial: number; id: number }[] = [];
  /** Real epoch ms when the device comes back; Infinity until cleared; undefined: it is there. */
  private vanishUntil: number | undefined;
  /** The same for the grid meter. */
  private meterSilentUntil: number | undefined;
  /** Meter replacements asked for and not yet done. */
  private meterReplacements = 0;
  private readonly listeners = new Set<() => void>();

  /** Sets a fault (again: no duplicate) at real time `nowMs`. */
  add(fault: Fault, nowMs: number): void {
    if (fault.fault === 'eventlog-entry') {
      this.events.push({ serial: fault.serial, id: fault.id });
    } else if (fault.fault === 'device-vanish') {
      this.vanishUntil = fault.seconds === undefined ? Infinity : nowMs + fault.seconds * 1000;
    } else if (fault.fault === 'meter-silent') {
      this.meterSilentUntil = fault.seconds === undefined ? Infinity : nowMs + fault.seconds * 1000;
    } else if (fault.fault === 'meter-replaced') {
      this.meterReplacements += 1;
    } else if (!this.standing.some((f) => sameFault(f, fault))) {
      this.standing.push(fault);
    }
    this.changed();
  }

  /** Clears the standing faults the filter matches (a vanish included); how many there were. */
  clear(filter: FaultFilter = {}, nowMs = Date.now()): number {
    const before = this.list(nowMs);
    const kept = before.filter((fault) => !matches(fault, filter));
    this.standing = kept.filter((fault) => fault.fault !== 'device-vanish' && fault.fault !== 'meter-silent');
    if (!kept.some((fault) => fault.fault === 'device-vanish')) this.vanishUntil = undefined;
    if (!kept.some((fault) => fault.fault === 'meter-silent')) this.meterSilentUntil = undefined;
    this.changed();
    return before.length - kept.length;
  }

  /** The standing faults; a vanish or a silent meter with the whole seconds it has left. */
  list(nowMs: number): Fault[] {
    const result = [...this.standing];
    const timed = (fault: 'device-vanish' | 'meter-silent', until: number): Fault =>
      until === Infinity ? { fault } : { fault, seconds: Math.ceil((until - nowMs) / 1000) };
    if (this.vanished(nowMs)) result.push(timed('device-vanish', this.vanishUntil as number));
    if (this.meterSilent(nowMs)) result.push(timed('meter-silent', this.meterSilentUntil as number));
    return result;
  }

  /** Whether the grid meter answers nothing now. */
  meterSilent(nowMs: number): boolean {
    return this.meterSilentUntil !== undefined && nowMs < this.meterSilentUntil;
  }

  /** Whether a meter replacement was asked for since the last call (each is done once). */
  takeMeterReplaced(): boolean {
    if (this.meterReplacements === 0) return false;
    this.meterReplacements -= 1;
    return true;
  }

  isSilent(serial: number): boolean {
    return this.standing.some((f) => f.fault === 'inverter-silent' && f.serial === serial);
  }

  commandsFail(serial: number): boolean {
    return this.standing.some((f) => f.fault === 'limit-fails' && f.serial === serial);
  }

  darkChannels(serial: number): Set<number> {
    const channels = new Set<number>();
    for (const f of this.standing)
      if (f.fault === 'string-dark' && f.serial === serial) channels.add(f.channel);
    return channels;
  }

  /** The event-log entries asked for since the last call (each is delivered once). */
  takeEvents(): { serial: number; id: number }[] {
    return this.events.splice(0);
  }

  vanished(nowMs: number): boolean {
    return this.vanishUntil !== undefined && nowMs < this.vanishUntil;
  }

  /** When a vanish ends by itself (real epoch ms); undefined when none is timed. */
  get vanishEndsAt(): number | undefined {
    return this.vanishUntil === Infinity ? undefined : this.vanishUntil;
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * Puts the faults into the simulated inverters at simulated time `atMs`: radio and
 * command flags, dark inputs, and the event-log entries asked for (the DTU fetches them
 * as any entry, on its next answered poll of that inverter).
 */
export function applyFaults(state: FaultState, inverters: readonly DtuInverter[], atMs: number): void {
  for (const inverter of inverters) {
    inverter.radioSilent = state.isSilent(inverter.serial);
    inverter.commandsUnheard = state.commandsFail(inverter.serial);
    inverter.physical.darkInputs = state.darkChannels(inverter.serial);
  }
  for (const { serial, id } of state.takeEvents()) {
    inverters.find((inverter) => inverter.serial === serial)?.physical.eventLog.add(id, atMs, atMs);
  }
}
