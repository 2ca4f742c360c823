/**
 * Whole live-data answers: the GET list, the GET `?inv=` answer and each WebSocket frame
 * share this so they cannot drift apart (contract §5.2, §5.4).
 */
import type { LiveDataFullResponse, LiveDataResponse, LiveHints, LiveTotal } from '@opendtu/api';
import type { Device } from '../device';
import type { RuntimeEntry, Simulation } from '../sim/simulation';
import { commonObject, fullObject, hintsObject, totalObject } from './livedata-json';

function totalAndHints(device: Device, entries: RuntimeEntry[]): { total: LiveTotal; hints: LiveHints } {
  return {
    total: totalObject(entries),
    hints: hintsObject({
      timeValid: device.time.synced(),
      radios: device.radios(),
      password: device.config.get().security.password,
    }),
  };
}

/** Every inverter with the common fields only. */
export function liveList(device: Device, sim: Simulation): LiveDataResponse {
  const entries = sim.entries();
  const uptime = sim.poller.uptime;
  return {
    inverters: entries.map(({ inverter, slot }) => commonObject(inverter, slot, uptime)),
    ...totalAndHints(device, entries),
  };
}

/** One inverter in full (an unknown serial gives an empty list). */
export function liveInverter(device: Device, sim: Simulation, serial: number): LiveDataFullResponse {
  const entries = sim.entries();
  const entry = entries.find((e) => e.inverter.serial === serial);
  const uptime = sim.poller.uptime;
  return {
    inverters: entry ? [fullObject(entry.inverter, entry.slot, uptime)] : [],
    ...totalAndHints(device, entries),
  };
}
