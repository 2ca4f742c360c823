/**
 * The zero-export controller's step, pure: its memory, the meter's reading and the
 * inverters' live state in; the limits to send, the new state and the log lines out. The
 * runner does the talking; what makes control safe is decided here:
 * - no command to an inverter whose last one is unconfirmed, none within the interval
 *   after its last one, never the same limit twice in a row unless the inverter lost it;
 * - nothing while the grid power is inside the band, nor while the limits on their way may
 *   bring it there; a correction aims half the band above the target (the wobble is import);
 * - inverters that cannot hear are skipped, their share goes to the others;
 * - a stale meter switches to the fallback limits and back (one log line each);
 * - the import a switched load adds waits its hold-off (cycle-guard.ts); lowering never waits;
 * - a light-bound inverter is never raised, and its limit is kept within HEADROOM of its output.
 * Words as in docs/development/architecture.md#glossary; why each rule is as it is:
 * docs/internals/zero-export-tuning.md#why-each-rule-is-as-it-is. Times are device ms.
 */
import { splitWatts, type ControlCommandStatus, type ControlState, type SetStatus } from '@opendtu/api';
import { acknowledgement, ACK_TIMEOUT_MS, limitLost, MIN_INTERVAL_MS } from '../limits/limit-rules';
import { bandSide, holdOffW, observe, raised, NO_GUARD, type CycleGuard } from './cycle-guard';
import { isFresh, type MeterReading } from './meter-source';

/**
 * How long after a command the meter and the inverter's output may still show the time
 * before it: the DTU's next radio turn, the inverter's delay and ramp, the meter's poll.
 */
export const SETTLE_MS = 14_000;
/**
 * An inverter whose output is this far under its limit is light-bound: raising its limit
 * gives nothing now (W; the larger of this and LIGHT_BOUND_SHARE of its rating).
 */
export const LIGHT_BOUND_MIN_W = 20;
export const LIGHT_BOUND_SHARE = 0.05;
/**
 * A light-bound inverter's limit is kept within this much above its output (W; the larger
 * of this and HEADROOM_SHARE of its rating): the most it can add at once when the sun
 * comes back before the next command, yet room to show that more light is there.
 */
export const HEADROOM_MIN_W = 50;
export const HEADROOM_SHARE = 0.1;

/**
 * The waits, in device ms, when the runner raises them above the defaults (at a high
 * speed, a floor of real time: the network and the meter do not get faster).
 */
export interface StepTiming {
  settleMs?: number | undefined;
  ackTimeoutMs?: number | undefined;
  staleMs?: number | undefined;
}

export interface ControlSettings {
  /** W, positive: import a little rather than ever export. */
  targetW: number;
  /** W either side of the target inside which nothing is sent. */
  bandW: number;
  /** ms, at least MIN_INTERVAL_MS. */
  intervalMs: number;
  /** `before`: the limits from before control; else a total in W shared by rated power. */
  fallback: 'before' | number;
  /**
   * Raises wait the cycle guard's hold-off (undefined: on). Off, the guard still learns
   * (so turning it on again finds the house known) but never holds a raise.
   */
  waitOutSwitching?: boolean | undefined;
  timing?: StepTiming | undefined;
}

/** One inverter as the runner sees it now. */
export interface InverterView {
  serial: string;
  /** W; 0 while the model is unknown (such an inverter is not controlled). */
  maxPower: number;
  reachable: boolean;
  producing: boolean;
  /** AC output of its latest statistics, W. */
  outputW: number | undefined;
  /** When those statistics were taken (this machine's ms). */
  outputAt: number | undefined;
  /** The inverter's present limit as it reports it (`limit_absolute` of its live data), W. */
  limitW: number | undefined;
  /** `limit_set_status` of the latest /api/limit/status read after the last command. */
  setStatus: SetStatus | undefined;
}

export interface SentLimit {
  watts: number;
  sentAt: number;
  status: ControlCommandStatus;
  /** It asked for more than the inverter's present limit (a raise); undefined: not known (a give-back). */
  up?: boolean | undefined;
  /** W the controller expected the inverter to make when it went; undefined: not known. */
  fromW?: number | undefined;
}

export interface InverterTrack {
  /** W it had before control started: given back on pause and stop. */
  beforeW: number;
  last: SentLimit | undefined;
}

export interface ControlMemory {
  /** Whether the last step ran on the fallback (a stale meter). */
  fallback: boolean;
  inverters: Record<string, InverterTrack>;
  /** The guard against cycling loads (none yet: NO_GUARD). */
  guard?: CycleGuard | undefined;
}

export interface StepInput {
  now: number;
  reading: MeterReading | undefined;
  /** The meter's last attempt failed. */
  meterFailing: boolean;
  inverters: readonly InverterView[];
}

export interface LimitCommand {
  serial: string;
  watts: number;
}

export interface StepResult {
  memory: ControlMemory;
  commands: LimitCommand[];
  state: ControlState;
  log: string[];
}

/**
 * Whether an inverter takes a share: it hears the DTU, its rating is known, and it produces,
 * or makes nothing only because the last limit asked for next to nothing (left out, it
 * would never be raised again).
 */
const available = (view: InverterView, track: InverterTrack): boolean =>
  view.reachable &&
  view.maxPower > 0 &&
  (view.producing ||
    (track.last !== undefined &&
      track.last.status !== 'failure' &&
      track.last.watts < headroom(view.maxPower)));

/** The acknowledgements seen since the last step (`setStatus`), or the 30 s timeout. */
export function acknowledge(
  memory: ControlMemory,
  views: readonly InverterView[],
  now: number,
  ackTimeoutMs = ACK_TIMEOUT_MS,
): ControlMemory {
  const inverters = { ...memory.inverters };
  for (const [serial, track] of Object.entries(inverters)) {
    const last = track.last;
    if (last?.status !== 'pending') continue;
    const status = views.find((view) => view.serial === serial)?.setStatus;
    const next = acknowledgement(last.status, last.sentAt, status, now, ackTimeoutMs);
    if (next !== 'pending') inverters[serial] = { ...track, last: { ...last, status: next } };
  }
  return { ...memory, inverters };
}

/** Why an inverter may not get a command now, or undefined when it may. */
export function blocked(
  track: InverterTrack,
  now: number,
  intervalMs: number,
): 'pending' | 'interval' | undefined {
  const last = track.last;
  if (!last) return undefined;
  if (last.status === 'pending') return 'pending';
  return now - last.sentAt < Math.max(intervalMs, MIN_INTERVAL_MS) ? 'interval' : undefined;
}

/**
 * What an inverter produces, as far as the controller can tell: its reported output, but
 * never more than its last limit; while its statistics are older than the last command, the
 * limit itself. When the house exports after a raise (`exporting`), the output counts: the
 * inverter may not reach its new limit at all, and a cut from the limit would not touch it.
 */
export function expectedOutput(
  view: InverterView,
  track: InverterTrack,
  settleMs = SETTLE_MS,
  exporting = false,
): number {
  const last = track.last;
  const output = view.outputW ?? 0;
  if (!last || last.status === 'failure' || last.status === 'timeout') return output;
  if (exporting && last.up) return Math.min(output, last.watts);
  if (last.status === 'pending' || view.outputAt === undefined || view.outputAt < last.sentAt + settleMs)
    return last.watts;
  return Math.min(output, last.watts);
}

/**
 * W by which the limits sent less than SETTLE_MS before `at` may still move the meter
 * towards the band from `side`: a reading of import after a raise (or of export after a
 * lowering) may be the time before it, and asking for the same correction again would
 * overshoot. Only what goes the same way counts: export after a raise is a load gone,
 * answered at once, and so is import after a lowering. Infinity: one of them is of a size
 * not known (a give-back), so wait for all of them.
 */
export function onTheWay(
  memory: ControlMemory,
  at: number,
  settleMs = SETTLE_MS,
  side: 'import' | 'export' = 'import',
): number {
  let watts = 0;
  for (const { last } of Object.values(memory.inverters)) {
    if (!last || (last.status !== 'pending' && last.status !== 'ok') || at >= last.sentAt + settleMs)
      continue;
    if (last.up === undefined) return Number.POSITIVE_INFINITY;
    if (last.up !== (side === 'import')) continue;
    if (last.fromW === undefined) return Number.POSITIVE_INFINITY;
    watts += Math.max(0, side === 'import' ? last.watts - last.fromW : last.fromW - last.watts);
  }
  return watts;
}

/**
 * Whether the inverter reports a limit other than the last one it confirmed, in statistics
 * taken after that one settled: it restarted (a non-persistent limit is forgotten then) or
 * someone else set one. Only then may the same limit go again.
 */
export function lostLimit(
  view: InverterView | undefined,
  track: InverterTrack,
  settleMs = SETTLE_MS,
): boolean {
  const last = track.last;
  if (!view || view.limitW === undefined || view.outputAt === undefined || last?.status !== 'ok')
    return false;
  if (view.outputAt < last.sentAt + settleMs) return false;
  return limitLost(view.limitW, last.watts, view.maxPower);
}

/** The commands that bring `wanted` (W per serial) to the inverters free to take one. */
function commandsFor(
  wanted: ReadonlyMap<string, number>,
  memory: ControlMemory,
  views: readonly InverterView[],
  now: number,
  settings: ControlSettings,
): LimitCommand[] {
  const commands: LimitCommand[] = [];
  for (const [serial, watts] of wanted) {
    const track = memory.inverters[serial]!;
    if (blocked(track, now, settings.intervalMs)) continue;
    const view = views.find((v) => v.serial === serial);
    if (track.last?.watts === watts && !lostLimit(view, track, settings.timing?.settleMs)) continue;
    commands.push({ serial, watts });
  }
  return commands;
}

/**
 * The memory after `commands` went out at `now`; with `views`, each remembers whether it
 * was a raise (a give-back does not say), with `expected` what the inverter made then.
 */
export function recordSent(
  memory: ControlMemory,
  commands: readonly LimitCommand[],
  now: number,
  views?: readonly InverterView[],
  expected?: ReadonlyMap<string, number>,
): ControlMemory {
  const inverters = { ...memory.inverters };
  for (const command of commands) {
    const { serial, watts } = command;
    const up = views && isRaise(command, views, memory);
    const fromW = expected?.get(serial);
    inverters[serial] = { ...inverters[serial]!, last: { watts, sentAt: now, status: 'pending', up, fromW } };
  }
  return { ...memory, inverters };
}

/** Shares `total` over `serials` by rated power, each within 0 and its rating. */
function shareByRating(total: number, views: readonly InverterView[]): Map<string, number> {
  const caps = views.map((view) => view.maxPower);
  const sum = caps.reduce((s, cap) => s + cap, 0);
  const parts = splitWatts(Math.min(Math.max(total, 0), sum), caps);
  return new Map(views.map((view, i) => [view.serial, parts[i]!.watts]));
}

function fallbackStep(
  memory: ControlMemory,
  views: readonly InverterView[],
  now: number,
  settings: ControlSettings,
) {
  const wanted =
    settings.fallback === 'before'
      ? new Map(views.map((view) => [view.serial, memory.inverters[view.serial]!.beforeW]))
      : shareByRating(settings.fallback, views);
  return commandsFor(wanted, memory, views, now, settings);
}

/**
 * The inverter's present limit, as far as the controller knows: what its live data reports
 * (it may have restarted and lost the last one), else its last confirmed command.
 */
function presentLimit(view: InverterView, track: InverterTrack): number | undefined {
  return view.limitW ?? (track.last?.status === 'ok' ? track.last.watts : undefined);
}

/**
 * The output of an inverter that is light-bound: its statistics, taken after its last
 * limit settled, show it clearly under that limit (a cloud, the sun low); undefined when
 * it is limit-bound or that cannot be told yet.
 */
export function lightBound(
  view: InverterView,
  track: InverterTrack,
  settleMs = SETTLE_MS,
): number | undefined {
  const limit = presentLimit(view, track);
  const output = view.outputW;
  if (limit === undefined || output === undefined || view.outputAt === undefined) return undefined;
  if (track.last && view.outputAt < track.last.sentAt + settleMs) return undefined;
  const margin = Math.max(LIGHT_BOUND_MIN_W, LIGHT_BOUND_SHARE * view.maxPower);
  return output < limit - margin ? output : undefined;
}

/** W a light-bound inverter's limit may stand above its output. */
export const headroom = (maxPower: number): number => Math.max(HEADROOM_MIN_W, HEADROOM_SHARE * maxPower);

/**
 * The limits for the free inverters from the production they should make together. The
 * light-bound ones count for no more than their output (the rest goes to those that can
 * deliver it) and are never raised: a raise would give nothing until the light comes back,
 * and then all of it at once, into the grid. One whose limit stands far above its output
 * (1.5 x the headroom) gets its output plus the headroom.
 */
function shareFree(
  total: number,
  free: readonly InverterView[],
  memory: ControlMemory,
  settleMs: number,
): Map<string, number> {
  // Whole watts, so that a part cut at the output is told from one asked below it.
  const bound = free.map((view) => {
    const output = lightBound(view, memory.inverters[view.serial]!, settleMs);
    return output === undefined ? undefined : Math.floor(output);
  });
  const caps = free.map((view, i) => Math.min(view.maxPower, bound[i] ?? Infinity));
  const ratings = free.map((view) => view.maxPower);
  const sum = caps.reduce((s, cap) => s + cap, 0);
  const parts = splitWatts(Math.min(Math.max(total, 0), sum), caps, ratings);
  const wanted = new Map<string, number>();
  free.forEach((view, i) => {
    const output = bound[i];
    const part = parts[i]!.watts;
    if (output === undefined || part < output) {
      wanted.set(view.serial, part);
      return;
    }
    const room = headroom(view.maxPower);
    const limit = presentLimit(view, memory.inverters[view.serial]!)!;
    if (limit > output + 1.5 * room)
      wanted.set(view.serial, Math.round(Math.min(view.maxPower, output + room)));
  });
  return wanted;
}

/** Whether a command asks an inverter for more than its present limit (as far as known). */
function isRaise(command: LimitCommand, views: readonly InverterView[], memory: ControlMemory): boolean {
  const view = views.find((v) => v.serial === command.serial);
  const track = memory.inverters[command.serial];
  if (!view || !track) return false;
  return command.watts > (presentLimit(view, track) ?? track.last?.watts ?? view.maxPower);
}

/** The grid power a correction aims at: half the band above the target (W). */
export const aimOf = (settings: Pick<ControlSettings, 'targetW' | 'bandW'>): number =>
  settings.targetW + settings.bandW / 2;

export function step(memory: ControlMemory, input: StepInput, settings: ControlSettings): StepResult {
  const { now } = input;
  const settleMs = settings.timing?.settleMs ?? SETTLE_MS;
  const log: string[] = [];
  let next = acknowledge(memory, input.inverters, now, settings.timing?.ackTimeoutMs);
  const views = input.inverters.filter((view) => {
    const track = next.inverters[view.serial];
    return track !== undefined && available(view, track);
  });
  const fresh = isFresh(input.reading, input.meterFailing, now, settings.timing?.staleMs);
  if (!fresh !== next.fallback) {
    log.push(
      fresh
        ? 'The grid meter answers again: zero-export control resumes'
        : `The grid meter is ${input.meterFailing ? 'failing' : 'silent for over 30 s'}: zero-export control holds the fallback limits`,
    );
    next = { ...next, fallback: !fresh };
  }
  if (!fresh) {
    const commands = fallbackStep(next, views, now, settings);
    return { memory: recordSent(next, commands, now, views), commands, state: 'fallback', log };
  }
  const reading = input.reading!;
  const { targetW, bandW } = settings;
  const side = bandSide(reading.powerW, targetW, bandW);
  const guard = observe(next.guard ?? NO_GUARD, { powerW: reading.powerW, side, at: reading.at, targetW });
  next = { ...next, guard };
  if (side === 'inside') return { memory: next, commands: [], state: 'in-band', log };
  if (views.length === 0) return { memory: next, commands: [], state: 'idle', log };
  // What the last limits will still do once they show on the meter: a reading taken before
  // that asks for their correction again, and only what lies beyond it may be answered.
  const coming = onTheWay(next, reading.at, settleMs, side);
  const seen = side === 'import' ? reading.powerW - coming : reading.powerW + coming;
  if (bandSide(seen, targetW, bandW) !== side) return { memory: next, commands: [], state: 'waiting', log };
  // A switched load that may go again waits its hold-off; the rest of the import is covered.
  const waitingW = side === 'import' && settings.waitOutSwitching !== false ? holdOffW(guard, now) : 0;
  if (waitingW > 0 && bandSide(seen - waitingW, targetW, bandW) !== 'import')
    return { memory: next, commands: [], state: 'holding', log };
  // Aimed half the band above the target, the house's wobble and the split's whole watts
  // fall on import (docs/internals/zero-export-tuning.md#why-each-rule-is-as-it-is).
  const error = seen - waitingW - aimOf(settings);

  // Production wanted = production now + (grid - target); the inverters that must wait keep
  // what they are expected to make, the others share the rest by rated power.
  const expected = new Map(
    views.map((view) => [
      view.serial,
      expectedOutput(view, next.inverters[view.serial]!, settleMs, side === 'export'),
    ]),
  );
  const total = [...expected.values()].reduce((s, w) => s + w, 0) + error;
  const free = views.filter((view) => !blocked(next.inverters[view.serial]!, now, settings.intervalMs));
  const busy = views
    .filter((view) => !free.includes(view))
    .reduce((s, view) => s + expected.get(view.serial)!, 0);
  const commands = free.length
    ? commandsFor(shareFree(total - busy, free, next, settleMs), next, free, now, settings)
    : [];
  const sent = recordSent(next, commands, now, views, expected);
  const raise = commands.some((command) => sent.inverters[command.serial]!.last!.up);
  return {
    memory: raise ? { ...sent, guard: raised(guard, now, waitingW > 0) } : sent,
    commands,
    // Nothing to send while the house takes more: every free inverter gives what it can.
    state:
      waitingW > 0
        ? 'holding'
        : !free.length
          ? 'waiting'
          : commands.length === 0 && error > 0
            ? 'maxed'
            : 'following',
    log,
  };
}
