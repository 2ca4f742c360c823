/** The words of each message, in English (the channels have no locale of their own). */
import type { DeviceClock } from '../device/clock';
import { pad2 } from '../device/clock';
import { localTimeAt } from '@opendtu/server-kit/posix-tz';
import type { StoredAlert } from './alert-store';
import type { Finding } from './rules';

export interface Words {
  title: string;
  text: string;
}

const clockTime = (clock: DeviceClock, at: number): string => {
  const local = localTimeAt(clock.zone, at);
  return `${pad2(local.hour)}:${pad2(local.minute)}`;
};

const who = (name: string | null, serial: string | null): string =>
  name && name !== serial ? `${name} (${serial})` : `Inverter ${serial}`;

export function raisedWords(finding: Finding, clock: DeviceClock): Words {
  const since = clockTime(clock, finding.since);
  if (finding.rule === 'dtu-unreachable')
    return { title: 'OpenDTU: the DTU does not answer', text: `The DTU has not answered since ${since}.` };
  const { serial, name } = finding.inverter!;
  return finding.reason === 'no-data'
    ? {
        title: `OpenDTU: ${name} is silent`,
        text: `${who(name, serial)} has sent no new data since ${since}.`,
      }
    : {
        title: `OpenDTU: ${name} produces nothing`,
        text: `${who(name, serial)} has produced nothing since ${since}.`,
      };
}

export function resolvedWords(alert: StoredAlert, at: number, clock: DeviceClock): Words {
  const span = `${clockTime(clock, alert.started)} to ${clockTime(clock, at)}`;
  if (alert.rule === 'dtu-unreachable')
    return { title: 'OpenDTU: the DTU answers again', text: `The DTU answers again (away ${span}).` };
  return {
    title: `OpenDTU: ${alert.name ?? alert.serial} is back`,
    text: `${who(alert.name, alert.serial)} sends and produces again (alert from ${span}).`,
  };
}
