// Limit and power commands reported as what they are (issue 26). The device answers a
// command's POST with "Settings saved" as soon as it queued it (or even when it dropped
// it, at night with commands off), so that answer only means "sent". From there each
// command follows the device's status (/api/limit/status, /api/power/status), polled
// every 2 s while a command is open or a dialog shows the status, and never otherwise.
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
  late: boolean;
  /** The device reported it under way (Pending or Failure) at least once. */
  seen: boolean;
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

export const isOpen = (command: Pick<Command, 'state'>) =>
  command.state === 'sending' || command.state === 'pending' || command.state === 'failure';

// Ok with the limit unchanged and never seen under way: the device dropped the command.
function applied(command: Command, device: DeviceStatus): boolean {
  if (command.kind === 'power' || device.relative === undefined) return true;
  const max = device.max ?? 0;
  const expected = command.relative
    ? Math.min(100, command.value!)
    : max > 0
      ? (command.value! / max) * 100
      : -1;
  return expected < 0 || Math.abs(device.relative - expected) < 0.5;
}

/** The command after a status answer taken at `now` (the same object when nothing changed). */
export function settle(command: Command, device: DeviceStatus | undefined, now: number): Command {
  if (!isOpen(command) || command.state === 'sending') return command;
  let { state, seen } = command;
  if (device?.set === 'Pending' || device?.set === 'Failure') {
    state = device.set === 'Pending' ? 'pending' : 'failure';
    seen = true;
  } else if (device?.set === 'Ok') state = seen || applied(command, device) ? 'ok' : 'dropped';
  if (isOpen({ state }) && now - command.at > TIMEOUT_MS) state = 'timeout';
  const late = now - command.at > LATE_MS;
  return state === command.state && seen === command.seen && late === command.late
    ? command
    : { ...command, state, seen, late };
}

export interface CommandsSnapshot {
  /** The last command per `kind:serial`. */
  commands: Record<string, Command>;
  limit?: LimitStatusMap;
  power?: PowerStatusMap;
}

const KINDS = ['limit', 'power'] as const;

class Commands {
  private snapshot: CommandsSnapshot = { commands: {} };
  private readonly listeners = new Set<() => void>();
  private readonly watchers = { limit: 0, power: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;

  getSnapshot = (): CommandsSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sends a command; resolves with the device's answer, undefined when there was none. */
  async send(request: CommandRequest): Promise<ApiResponse | undefined> {
    const { serial, value = 0, relative = false, persistent = false, action } = request;
    this.put({ ...request, at: Date.now(), state: 'sending', late: false, seen: false });
    let answer: ApiResponse | undefined;
    try {
      answer =
        request.kind === 'limit'
          ? await postLimitConfig({
              serial,
              limit_value: value,
              limit_type: limitTypeForRequest({ absolute: !relative, persistent }),
            })
          : await postPowerConfig(
              action === 'restart' ? { serial, restart: true } : { serial, power: action === 'on' },
            );
    } catch {
      // The client has shown the failure (login or Error screen); the command stays refused.
    }
    const sent = answer?.type === 'success';
    this.put({
      ...request,
      at: Date.now(),
      state: sent ? 'pending' : 'rejected',
      late: false,
      seen: false,
      answer,
    });
    if (sent) this.poll();
    return answer;
  }

  /** Keeps `kind`'s status fresh until the returned function is called (an open dialog). */
  watch(kind: CommandKind): () => void {
    this.watchers[kind] += 1;
    this.poll();
    return () => {
      this.watchers[kind] -= 1;
    };
  }

  private put(command: Command): void {
    const key = `${command.kind}:${command.serial}`;
    this.publish({ ...this.snapshot, commands: { ...this.snapshot.commands, [key]: command } });
  }

  private publish(next: CommandsSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private wanted(): CommandKind[] {
    const open = Object.values(this.snapshot.commands).filter(isOpen);
    return KINDS.filter((kind) => this.watchers[kind] > 0 || open.some((command) => command.kind === kind));
  }

  private readonly poll = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    const kinds = this.wanted();
    if (this.polling || kinds.length === 0) return;
    this.polling = true;
    const asked = Date.now();
    void Promise.all(
      kinds.map((kind) =>
        (kind === 'limit' ? getLimitStatus() : getPowerStatus()).then(
          (map) => this.apply(kind, map, asked),
          () => undefined,
        ),
      ),
    ).finally(() => {
      this.polling = false;
      if (this.wanted().length) this.timer = setTimeout(this.poll, POLL_MS);
    });
  };

  private apply(kind: CommandKind, map: LimitStatusMap | PowerStatusMap, asked: number): void {
    const commands = { ...this.snapshot.commands };
    for (const [key, command] of Object.entries(commands)) {
      const entry = map[command.serial];
      if (command.kind !== kind || command.at > asked) continue;
      const device: DeviceStatus | undefined =
        entry && 'limit_set_status' in entry
          ? { set: entry.limit_set_status, relative: entry.limit_relative, max: entry.max_power }
          : entry && { set: entry.power_set_status };
      commands[key] = settle(command, device, Date.now());
    }
    this.publish({ ...this.snapshot, commands, [kind]: map });
  }
}

export const commands = new Commands();

/** The commands and the last status maps; with `watch`, keeps that status polled while mounted. */
export function useCommands(watch?: CommandKind): CommandsSnapshot {
  useEffect(() => (watch ? commands.watch(watch) : undefined), [watch]);
  return useSyncExternalStore(commands.subscribe, commands.getSnapshot);
}

/** The last command of a kind to an inverter, if any. */
export const commandOf = (snapshot: CommandsSnapshot, kind: CommandKind, serial: string) =>
  snapshot.commands[`${kind}:${serial}`];
