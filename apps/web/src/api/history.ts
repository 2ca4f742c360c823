// The companion server's history API (apps/companion, docs/features/history.md#the-history-api). Only the
// companion build calls it; a device answers these paths with index.html, which is not
// JSON, so an answer of /companion/api/info is proof of the server (asked once per page).
import type {
  CompanionInfo,
  CompanionInfoAnswer,
  EnergyAnswer,
  EnergyBy,
  EnergyQuery,
  PowerAnswer,
  PowerQuery,
} from '@opendtu/api';
import { recordedDay, type RecordedDay } from '../lib/history-curve';
import { apiGet, apiGetBlob } from './client';
import { deviceDay } from './device-time';
import { smallStore } from './small-store';

/** undefined: not asked yet or no answer; null: not behind a companion server. */
const info = smallStore<CompanionInfo | null | undefined>(undefined);
let asked = false;

function askInfo(): void {
  if (asked) return;
  asked = true;
  apiGet<CompanionInfoAnswer>('companion/api/info', { handleErrors: false }).then(
    (answer) => info.set(answer.companion),
    () => info.set(null),
  );
}

/** The companion server's info, once it answered (re-renders then). */
export function useCompanion(): CompanionInfo | null | undefined {
  askInfo();
  return info.use();
}

const query = (params: Record<string, string | undefined>): string =>
  new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();

export const powerPath = (date: string, csv?: boolean): string =>
  `companion/api/power?${query({ date, format: csv ? 'csv' : undefined } satisfies PowerQuery)}`;

export const energyPath = (by: EnergyBy, from: string, to: string, serial?: string, csv?: boolean): string =>
  `companion/api/energy?${query({ by, from, to, serial, format: csv ? 'csv' : undefined } satisfies EnergyQuery)}`;

export const getPower = (date: string, signal?: AbortSignal): Promise<PowerAnswer> =>
  apiGet<PowerAnswer>(powerPath(date), { signal });

/** Today so far on the device's clock, from the recorder; a failure is the caller's to ignore. */
export async function recordedToday(): Promise<RecordedDay> {
  const answer = await apiGet<PowerAnswer>(powerPath(await deviceDay()), { handleErrors: false });
  return recordedDay(answer);
}

export const getEnergy = (
  by: EnergyBy,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<EnergyAnswer> => apiGet<EnergyAnswer>(energyPath(by, from, to), { signal });

/** A CSV of the API, with the login (read-only access may be off), as a blob to save. */
export const getCsv = (path: string): Promise<Blob> => apiGetBlob(path);
