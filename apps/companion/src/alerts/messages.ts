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

const percent = (share: number | undefined): string => `${Math.round((share ?? 0) * 100)} %`;

/** In a plant, the title names the device: "OpenDTU garage: the DTU does not answer". */
export function forDevice(words: Words, device: string | undefined): Words {
  return device === undefined
    ? words
    : { ...words, title: words.title.replace(/^OpenDTU:/, `OpenDTU ${device}:`) };
}

export function raisedWords(finding: Finding, clock: DeviceClock): Words {
  const since = clockTime(clock, finding.since);
  const detail = finding.detail ?? {};
  switch (finding.rule) {
    case 'dtu-unreachable':
      return { title: 'OpenDTU: the DTU does not answer', text: `The DTU has not answered since ${since}.` };
    case 'influx-failing':
      return {
        title: 'OpenDTU: the InfluxDB target fails',
        text: `The InfluxDB target has taken no samples since ${since}; they wait on disk.`,
      };
    case 'energy-low':
      return {
        title: 'OpenDTU: a weak day yesterday',
        text: `Yesterday (${detail.what}) the plant made ${((detail.value ?? 0) / 1000).toFixed(2)} kWh, ${percent(detail.share)} of the median of the ${14} days before.`,
      };
    default:
  }
  const { serial, name } = finding.inverter!;
  const inverter = who(name, serial);
  switch (finding.rule) {
    case 'string-weak':
      return {
        title: `OpenDTU: a string of ${name} is weak`,
        text: `${inverter}: ${detail.what} has produced under half of its siblings per Wp since ${since} (now ${percent(detail.share)}).`,
      };
    case 'command-failed':
      return finding.reason === 'failure'
        ? {
            title: `OpenDTU: a command to ${name} failed`,
            text: `${inverter} did not take its ${detail.what} command (Failure since ${since}).`,
          }
        : {
            title: `OpenDTU: a command to ${name} is unconfirmed`,
            text: `${inverter} has not confirmed its ${detail.what} command since ${since}.`,
          };
    case 'eventlog':
      return {
        title: `OpenDTU: ${name}: ${detail.what}`,
        text: `${inverter} logged "${detail.what}" (event ${detail.value}) at ${since}${finding.over === undefined ? '' : `, over at ${clockTime(clock, finding.over)}`}.`,
      };
    case 'inverter-hot':
      return {
        title: `OpenDTU: ${name} is hot`,
        text: `${inverter} has been hotter than set since ${since} (now ${detail.value} °C).`,
      };
    default:
  }
  return finding.reason === 'no-data'
    ? { title: `OpenDTU: ${name} is silent`, text: `${inverter} has sent no new data since ${since}.` }
    : {
        title: `OpenDTU: ${name} produces nothing`,
        text: `${inverter} has produced nothing since ${since}.`,
      };
}

export function resolvedWords(alert: StoredAlert, at: number, clock: DeviceClock): Words {
  const span = `${clockTime(clock, alert.started)} to ${clockTime(clock, at)}`;
  const inverter = who(alert.name, alert.serial);
  const name = alert.name ?? alert.serial;
  switch (alert.rule) {
    case 'dtu-unreachable':
      return { title: 'OpenDTU: the DTU answers again', text: `The DTU answers again (away ${span}).` };
    case 'influx-failing':
      return {
        title: 'OpenDTU: the InfluxDB target takes samples again',
        text: `The InfluxDB target takes samples again (failing ${span}).`,
      };
    case 'energy-low':
      return { title: 'OpenDTU: a new day', text: `The weak day is behind (alert from ${span}).` };
    case 'string-weak':
      return {
        title: `OpenDTU: the strings of ${name} are even again`,
        text: `${inverter}: the weak string produces like its siblings again (alert from ${span}).`,
      };
    case 'command-failed':
      return {
        title: `OpenDTU: ${name} takes commands again`,
        text: `${inverter} has confirmed its commands (alert from ${span}).`,
      };
    case 'eventlog':
      return {
        title: `OpenDTU: ${name}: event over`,
        text: `${alert.text.replace(/\.$/, '')}: over (${span}).`,
      };
    case 'inverter-hot':
      return { title: `OpenDTU: ${name} has cooled`, text: `${inverter} has cooled (alert from ${span}).` };
    default:
      return {
        title: `OpenDTU: ${name} is back`,
        text: `${inverter} sends and produces again (alert from ${span}).`,
      };
  }
}

/** A standing alert told again (--alert-reminder-hours). */
export function reminderWords(alert: StoredAlert, clock: DeviceClock): Words {
  return {
    title: `OpenDTU: still: ${alert.text.replace(/\.$/, '')}`.slice(0, 120),
    text: `Still so since ${clockTime(clock, alert.started)}: ${alert.text}`,
  };
}
