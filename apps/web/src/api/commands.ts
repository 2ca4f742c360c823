// Limit and power commands reported as what they are (issue 26). The device answers a
// command's POST with "Settings saved" as soon as it queued it (or even when it dropped
// it, at night with commands off), so that answer only means "sent". From there each
// command follows the device's status (/api/limit/status, /api/power/status), polled
// every 2 s while a command is open or a dialog shows the status, and never otherwise.
// Module state rather than a class: the minifier shortens its names (flash bytes).
import type { ApiResponse, LimitStatusMap, PowerStatusMap, SetStatus } from '@opendtu/api';
import { useEffect, useSyncExternalStore } from 'react';
import {
  getLimitStatus,
  getPowerStatus,
  limitTypeForRequest,
  postLimitConfig,
  postPowerConfig,
} from './limit';

export type CommandKind = 'limit' | 'power';
export type PowerAction = 'on' | 'off' | 'restart';
/** sending: POST under way; pending/failure: the device's word; timeout: we stopped waiting. */
export type CommandState = 'sending' | 'pending' | 'ok' | 'failure' | 'timeout' | 'dropped' | 'rejected';

export interface CommandRequest {
  serial: string;
  kind: CommandKind;
  /** Limit: W, or % when `relative`. */
  value?: number;
  relative?: boolean;
  persistent?: boolean;
  action?: PowerAction;
}

export interface Command extends CommandRequest {
  /** When the device accepted it (ms); status answers from before do not count. */
  at: number;
  state: CommandState;
  /** Open for longer than the device needs to hear back from a reachable inverter. */
  late?: boolean;
  /** The device reported it under way (Pending or Failure) at least once. */
  seen?: boolean;
  /** The device's answer when it refused the request. */
  answer?: ApiResponse | undefined;
}

/** A command's device status: the set status, and for limits the limit now in effect. */
export interface DeviceStatus {
  set: SetStatus;
  relative?: number;
  max?: number;
}

const POLL_MS = 2000;
/** The DTU gives up on one send after about 10 s (5 tries of 2 s) and reports Failure. */
const LATE_MS = 10_000;
/** After this we stop following; the DTU itself keeps re-sending a failed command. */
export const TIMEOUT_MS = 120_000;

export const isOpen = ({ state }: Pick<Command, 'state'>) =>
  state === 'sending' || state === 'pending' || state === 'failure';

/**
 * Failed, so the owner may send it again: a Failure counts although the DTU keeps
 * re-sending, as the owner may want to try at once.
 */
export const isFailed = ({ state }: Pick<Command, 'state'>) =>
  state === 'failure' || state === 'timeout' || state === 'dropped' || state === 'rejected';

// Ok with the limit unchanged and never seen under way: the device dropped the command.
function applied(command: Command, { relative, max = 0 }: DeviceStatus): boolean {
  if (command.kind === 'power' || relative === undefined) return true;
  const expected = command.relative
    ? Math.min(100, command.value!)
    : max > 0
      ? (command.value! / max) * 100
      : -1;
  return expected < 0 || Math.abs(relative - expected) < 0.5;
}

/** The command after a status answer taken at `now` (the same object when nothing changed). */
export function settle(command: Command, device: DeviceStatus | undefined, now: number): Command {
  if (!isOpen(command) || command.state === 'sending') return command;
  let { state, seen = false } = command;
  const set = device?.set;
  if (set === 'Pending' || set === 'Failure') {
    state = set === 'Pending' ? 'pending' : 'failure';
    seen = true;
  } else if (set === 'Ok') state = seen || applied(command, device!) ? 'ok' : 'dropped';
  if (isOpen({ state }) && now - command.at > TIMEOUT_MS) state = 'timeout';
  const late = now - command.at > LATE_MS;
  return state === command.state && seen === !!command.seen && late === !!command.late
    ? command
    : { ...command, state, seen, late };
}

export interface CommandsSnapshot {
  /** The last command per `kind:serial`. */
  commands: Record<string, Command>;
  limit?: LimitStatusMap;
  power?: PowerStatusMap;
}

let snapshot: CommandsSnapshot = { commands: {} };
const listeners = new Set<() => void>();
const watchers = { limit: 0, power: 0 };
let timer: ReturnType<typeof setTimeout> | undefined;
let polling = false;

function publish(next: Partial<CommandsSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

const put = (command: Command) =>
  publish({ commands: { ...snapshot.commands, [`${command.kind}:${command.serial}`]: command } });

// The kinds whose status is wanted: a dialog shows it, or a command of that kind is open.
const wanted = () =>
  (['limit', 'power'] as const).filter(
    (kind) =>
      watchers[kind] > 0 || Object.values(snapshot.commands).some((c) => c.kind === kind && isOpen(c)),
  );

function poll(): void {
  clearTimeout(timer);
  const kinds = wanted();
  if (polling || kinds.length === 0) return;
  polling = true;
  const asked = Date.now();
  void Promise.all(
    kinds.map((kind) =>
      (kind === 'limit' ? getLimitStatus() : getPowerStatus()).then(
        (map: LimitStatusMap | PowerStatusMap) => {
          const commands = { ...snapshot.commands };
          for (const [key, command] of Object.entries(commands)) {
            const entry = map[command.serial];
            if (command.kind !== kind || command.at > asked) continue;
            commands[key] = settle(
              command,
              entry &&
                ('limit_set_status' in entry
                  ? { set: entry.limit_set_status, relative: entry.limit_relative, max: entry.max_power }
                  : { set: entry.power_set_status }),
              Date.now(),
            );
          }
          publish({ commands, [kind]: map });
        },
        () => undefined,
      ),
    ),
  ).finally(() => {
    polling = false;
    if (wanted().length) timer = setTimeout(poll, POLL_MS);
  });
}

/** Sends a command and follows it; resolves with the device's answer, undefined when there was none. */
export async function sendCommand(request: CommandRequest): Promise<ApiResponse | undefined> {
  const { serial, value = 0, relative = false, persistent = false, action } = request;
  put({ ...request, at: Date.now(), state: 'sending' });
  let answer: ApiResponse | undefined;
  try {
    answer = await (request.kind === 'limit'
      ? postLimitConfig({
          serial,
          limit_value: value,
          limit_type: await limitTypeForRequest({ absolute: !relative, persistent }),
        })
      : postPowerConfig(
          action === 'restart' ? { serial, restart: true } : { serial, power: action === 'on' },
        ));
  } catch {
    // The client has shown the failure (login or Error screen); the command stays refused.
  }
  const sent = answer?.type === 'success';
  put({ ...request, at: Date.now(), state: sent ? 'pending' : 'rejected', answer });
  if (sent) poll();
  return answer;
}

/** Keeps `kind`'s status polled until the returned function is called (an open dialog). */
export function watchStatus(kind: CommandKind): () => void {
  watchers[kind] += 1;
  poll();
  return () => {
    watchers[kind] -= 1;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The commands and the last status maps; with `watch`, keeps that status polled while mounted. */
export function useCommands(watch?: CommandKind): CommandsSnapshot {
  useEffect(() => (watch ? watchStatus(watch) : undefined), [watch]);
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** The last command of a kind to an inverter, if any. */
export const commandOf = (commands: CommandsSnapshot, kind: CommandKind, serial: string) =>
  commands.commands[`${kind}:${serial}`];
