/**
 * The device answers some rules need beyond the live frames, read with the server's own
 * credentials: the state of each inverter's last limit and power command, and an
 * inverter's event log (in English: the channels have no locale). A device that does not
 * answer gives undefined; the next look tries again.
 */
import type { EventLogEntry, SetStatus } from '@opendtu/api';
import type { DeviceLink } from '../device/link';
import type { CommandKind } from './command-rule';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STATUSES: readonly string[] = ['Ok', 'Failure', 'Pending', 'Unknown'];

async function json(link: DeviceLink, path: string): Promise<unknown> {
  try {
    const answer = await link.get(path, 'server');
    return answer.status === 200 ? answer.json : undefined;
  } catch {
    return undefined;
  }
}

/** Each inverter's command states, by serial; undefined when the device did not tell. */
export async function readCommandStates(
  link: DeviceLink,
): Promise<Map<string, Partial<Record<CommandKind, SetStatus>>> | undefined> {
  const [limits, powers] = await Promise.all([
    json(link, 'api/limit/status'),
    json(link, 'api/power/status'),
  ]);
  if (!isRecord(limits) || !isRecord(powers)) return undefined;
  const states = new Map<string, Partial<Record<CommandKind, SetStatus>>>();
  const take = (answer: Record<string, unknown>, kind: CommandKind, field: string) => {
    for (const [serial, entry] of Object.entries(answer)) {
      const status = isRecord(entry) ? entry[field] : undefined;
      if (typeof status !== 'string' || !STATUSES.includes(status)) continue;
      states.set(serial, { ...states.get(serial), [kind]: status as SetStatus });
    }
  };
  take(limits, 'limit', 'limit_set_status');
  take(powers, 'power', 'power_set_status');
  return states;
}

/** An inverter's event log entries; undefined when the device did not tell. */
export async function readEventLog(link: DeviceLink, serial: string): Promise<EventLogEntry[] | undefined> {
  const answer = await json(link, `api/eventlog/status?inv=${encodeURIComponent(serial)}&locale=en`);
  if (!isRecord(answer) || !Array.isArray(answer.events)) return undefined;
  return answer.events.filter(
    (entry): entry is EventLogEntry =>
      isRecord(entry) &&
      typeof entry.message_id === 'number' &&
      typeof entry.message === 'string' &&
      typeof entry.start_time === 'number' &&
      typeof entry.end_time === 'number',
  );
}
