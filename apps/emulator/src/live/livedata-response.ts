/**
 * Whole live-data answers: the GET list, the GET `?inv=` answer and each WebSocket frame
 * share this so they cannot drift apart (contract §5.2, §5.4). Releases before v25.4.2
 * (no `dataAgeMs`) send neither `data_age_ms` nor `hints.pin_mapping_issue`.
 */
import type {
  LiveDataFullResponse,
  LiveDataResponse,
  LiveHints,
  LiveInverterCommon,
  LiveTotal,
} from '@opendtu/api';
import type { Device } from '../device';
import type { RuntimeEntry, Simulation } from '../sim/simulation';
import { commonObject, fullObject, hintsObject, totalObject } from './livedata-json';

function totalAndHints(device: Device, entries: RuntimeEntry[]): { total: LiveTotal; hints: LiveHints } {
  const hints: Partial<LiveHints> = hintsObject({
    timeValid: device.time.synced(),
    radios: device.radios(),
    password: device.config.get().security.password,
  });
  if (!device.release.dataAgeMs) delete hints.pin_mapping_issue;
  return { total: totalObject(entries), hints: hints as LiveHints };
}

/** An inverter object as the played release writes it. */
function shaped<T extends LiveInverterCommon>(device: Device, inverter: T): T {
  if (!device.release.dataAgeMs) delete (inverter as Partial<LiveInverterCommon>).data_age_ms;
  return inverter;
}

/** Every inverter with the common fields only. */
export function liveList(device: Device, sim: Simulation): LiveDataResponse {
  const entries = sim.entries();
  const uptime = sim.poller.uptime;
  return {
    inverters: entries.map(({ inverter, slot }) => shaped(device, commonObject(inverter, slot, uptime))),
    ...totalAndHints(device, entries),
  };
}

/** One inverter in full (an unknown serial gives an empty list). */
export function liveInverter(device: Device, sim: Simulation, serial: number): LiveDataFullResponse {
  const entries = sim.entries();
  const entry = entries.find((e) => e.inverter.serial === serial);
  const uptime = sim.poller.uptime;
  return {
    inverters: entry ? [shaped(device, fullObject(entry.inverter, entry.slot, uptime))] : [],
    ...totalAndHints(device, entries),
  };
}
