/**
 * A live frame as every part of the server reads it (the recorder, the alerts, the plant,
 * the limit channel, zero export): parsed once, its inverters put in today's layout once,
 * its samples taken once. The parts hear each frame's text in turn, from the device's one
 * upstream socket, so the last frame's readings are kept and handed to each part that asks
 * about the same text. What is handed out is shared between the parts: read, never change.
 */
import { readLiveInverters, type LiveDataFullResponse, type LiveInverterRead } from '@opendtu/api';
import { samplesOf, type Sample } from '../recorder/sample';

interface Reading {
  text: string;
  /** The parsed frame; undefined when the text is not JSON. */
  json: unknown;
  inverters?: readonly LiveInverterRead[];
  samples?: { deviceNow: number; list: readonly Sample[] };
}

let last: Reading | undefined;

function reading(text: string): Reading {
  if (last?.text !== text) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    last = { text, json };
  }
  return last;
}

/** The frame parsed; undefined when it is not JSON. */
export function frameJson(text: string): unknown {
  return reading(text).json;
}

/** The frame as a live-data answer; undefined for anything that is not one (see parseLiveFrame). */
export function frameAnswer(text: string): LiveDataFullResponse | undefined {
  const json = reading(text).json as Partial<LiveDataFullResponse> | null | undefined;
  return Array.isArray(json?.inverters) ? (json as LiveDataFullResponse) : undefined;
}

/** The frame's inverters in today's layout (readLiveInverters). */
export function frameInverters(text: string): readonly LiveInverterRead[] {
  const read = reading(text);
  read.inverters ??= readLiveInverters(read.json);
  return read.inverters;
}

/** The frame's samples stamped with `deviceNow`, the device's time it arrived (samplesOf). */
export function frameSamples(text: string, deviceNow: number): readonly Sample[] {
  const read = reading(text);
  if (read.samples?.deviceNow !== deviceNow)
    read.samples = { deviceNow, list: samplesOf(read.json, deviceNow) };
  return read.samples.list;
}

/**
 * The inverters of a whole list (GET /api/livedata/status), which names every one the
 * device has: those `kept` that it lacks are dropped.
 */
export function listedInverters<T>(kept: Map<string, T>, list: unknown): readonly LiveInverterRead[] {
  const listed = readLiveInverters(list);
  const present = new Set(listed.map((entry) => entry.serial));
  for (const serial of kept.keys()) if (!present.has(serial)) kept.delete(serial);
  return listed;
}
