// The few device API calls the benchmark makes itself (to prepare the device and to learn
// what a ready page must show). Admin credentials are the emulator's defaults.
import type { DeviceClock } from './seed-history';

export const ADMIN = { username: 'admin', password: 'openDTU42' };
const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

interface ValueObject {
  v: number;
  d: number;
}
export interface LiveStatus {
  total: { Power: ValueObject };
  inverters: { serial: string; producing: boolean; reachable: boolean }[];
}

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: AUTH } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function postData(base: string, path: string, data: unknown): Promise<void> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: JSON.stringify(data) }),
  });
  const answer = (await response.json()) as { type?: string };
  if (answer.type !== 'success') throw new Error(`POST ${path}: ${JSON.stringify(answer)}`);
}

export const liveStatus = (base: string): Promise<LiveStatus> => getJson(base, '/api/livedata/status');

/** The device's local clock (year, month 1-12, day, hour, minute, ...). */
export const deviceClock = (base: string): Promise<DeviceClock> => getJson(base, '/api/ntp/time');

export async function configuredHostname(base: string): Promise<string> {
  return (await getJson<{ hostname: string }>(base, '/api/network/config')).hostname;
}

/** The host name status pages show (the configured pattern expanded). */
export async function statusHostname(base: string): Promise<string> {
  return (await getJson<{ hostname: string }>(base, '/api/system/status')).hostname;
}

/** Sets the DTU's poll interval in seconds (1 is the shortest the device takes). */
export async function setPollInterval(base: string, seconds: number): Promise<void> {
  const config = await getJson<Record<string, unknown>>(base, '/api/dtu/config');
  await postData(base, '/api/dtu/config', { ...config, pollinterval: seconds });
}

/** Waits until every inverter has been polled and produces (or the time is up). */
export async function waitForAllProducing(base: string, timeoutMs: number): Promise<LiveStatus> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const status = await liveStatus(base);
    if (status.inverters.every((inverter) => inverter.producing) || Date.now() > end) return status;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** The value localStorage holds for a logged-in admin, in both the original's and our format. */
export function storedUser(): string {
  return JSON.stringify({
    username: ADMIN.username,
    authdata: Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64'),
  });
}
