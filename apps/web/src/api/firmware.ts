// Which firmware the device runs, learnt once per session from its system status (and,
// for a bare commit hash, a few harmless probes), kept as the capabilities of the
// release table in @opendtu/api. Screens ask for capabilities, never for versions.
import {
  detectFirmware,
  RELEASES,
  type Capabilities,
  type Firmware,
  type ProbeAnswers,
  type ProbeName,
} from '@opendtu/api';
import { useEffect, useSyncExternalStore } from 'react';
import { authEvents } from './auth';
import { ApiError, apiGet, apiPost } from './client';
import { readSystemStatus } from './system';

const quiet = { handleErrors: false };

/**
 * True when the device answered with the JSON the newer firmware gives, false when it
 * answered something else (older firmware serves index.html for unknown paths), nothing
 * when it did not answer at all (offline, not logged in).
 */
const answered = (request: Promise<unknown>, newer: (body: unknown) => boolean) =>
  request.then(newer, (error: unknown) =>
    error instanceof ApiError && error.status === 200 ? false : undefined,
  );

const PROBES: Record<ProbeName, () => Promise<boolean | undefined>> = {
  zones: () => answered(apiGet('api/ntp/zones', quiet), (body) => typeof body === 'object'),
  logging: () => answered(apiGet('api/logging/config', quiet), (body) => typeof body === 'object'),
  files: () => answered(apiGet('api/file/list', quiet), Array.isArray),
  // Serial 1 is never an inverter: the device checks the type (5003) before it looks
  // for the inverter (5004), and sends nothing either way.
  limit: () =>
    answered(
      apiPost('api/limit/config', { serial: '1', limit_value: 0, limit_type: 2 }, quiet),
      (body) => (body as { code?: number }).code === 5004,
    ),
};

async function detect(): Promise<Firmware> {
  const status = await readSystemStatus(quiet);
  const first = detectFirmware(status);
  if (first.probes.length === 0) return first;
  const answers: ProbeAnswers = {};
  await Promise.all(
    first.probes.map(async (name) => {
      const answer = await PROBES[name]();
      if (answer !== undefined) answers[name] = answer;
    }),
  );
  return detectFirmware(status, answers);
}

let pending: Promise<Firmware> | undefined;
let detected: Firmware | undefined;
const listeners = new Set<() => void>();

/** The device's firmware; asked once, again after a login (probes may need the admin). */
export function firmware(): Promise<Firmware> {
  pending ??= detect().then(
    (result) => {
      detected = result;
      for (const listener of listeners) listener();
      return result;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

authEvents.addEventListener('logged-in', () => {
  pending = undefined;
});

/** The capabilities to act on now; the newest release's when the device cannot tell. */
export const capabilities = (): Promise<Capabilities> =>
  firmware().then(
    (result) => result.capabilities,
    () => RELEASES[RELEASES.length - 1]!.capabilities,
  );

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The detected firmware, undefined until known; starts the detection when `wanted`. */
export function useFirmware(wanted = true): Firmware | undefined {
  useEffect(() => {
    if (wanted) firmware().catch(() => undefined);
  }, [wanted]);
  return useSyncExternalStore(subscribe, () => detected);
}

/** What the device can do; undefined until detected. */
export const useCapabilities = (wanted = true): Capabilities | undefined => useFirmware(wanted)?.capabilities;
