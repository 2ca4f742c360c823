/**
 * Rule 3: a limit or power command that ends in Failure or stays unconfirmed. The device
 * tells the state of each inverter's last command (GET /api/limit/status
 * `limit_set_status`, /api/power/status `power_set_status`): Pending while it is queued,
 * Failure after its timeout (then it is sent again on every poll, so Pending and Failure
 * take turns until it is taken), Ok once acknowledged. Whoever sent it (the web app through
 * this server, MQTT, a controller) is all the same here.
 */
import type { SetStatus } from '@opendtu/api';
import { alertKey, judgedNow, stoodLongEnough, type Finding, type WatchState } from './rules';
import type { AlertSettings } from './rules';

export type CommandKind = 'limit' | 'power';

export interface CommandSeen {
  serial: string;
  name: string;
  status: Record<CommandKind, SetStatus | undefined>;
  /** Since when (device time) a command is seen not Ok; undefined while all are. */
  unconfirmedSince: number | undefined;
}

const unconfirmed = (status: SetStatus | undefined): boolean => status === 'Pending' || status === 'Failure';

/** Takes one reading of a status answer (device time `now`). */
export function trackCommand(
  seen: CommandSeen | undefined,
  inverter: { serial: string; name: string },
  kind: CommandKind,
  status: SetStatus,
  now: number,
): CommandSeen {
  const command = seen ?? {
    ...inverter,
    status: { limit: undefined, power: undefined },
    unconfirmedSince: undefined,
  };
  command.name = inverter.name;
  command.status[kind] = status;
  const open = unconfirmed(command.status.limit) || unconfirmed(command.status.power);
  command.unconfirmedSince = open ? (command.unconfirmedSince ?? now) : undefined;
  return command;
}

export function judgeCommands(
  commands: Iterable<CommandSeen>,
  state: Pick<WatchState, 'now' | 'daylight'>,
  settings: AlertSettings,
): { standing: Finding[]; cleared: string[] } {
  const rule = settings.rules['command-failed'];
  const standing: Finding[] = [];
  const cleared: string[] = [];
  for (const command of commands) {
    const key = alertKey('command-failed', command.serial);
    if (command.unconfirmedSince === undefined) {
      cleared.push(key);
      continue;
    }
    const kinds = (['limit', 'power'] as const).filter((kind) => unconfirmed(command.status[kind]));
    const failed = kinds.some((kind) => command.status[kind] === 'Failure');
    if (!rule.enabled || !judgedNow(state)) continue;
    if (failed || stoodLongEnough(command.unconfirmedSince, rule.minutes, state))
      standing.push({
        key,
        rule: 'command-failed',
        inverter: { serial: command.serial, name: command.name },
        since: command.unconfirmedSince,
        reason: failed ? 'failure' : 'unconfirmed',
        detail: { what: kinds.join(' and ') },
      });
  }
  return { standing, cleared };
}
