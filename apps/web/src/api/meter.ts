// The companion server's grid meter (apps/companion/src/meter, docs/features/energy-flow.md):
// its reading now (by the device's read-only rule), its settings (admin) and the day's
// energy flow in 5-minute slots. Only the companion build calls it.
import type {
  ApiResponse,
  FlowAnswer,
  FlowQuery,
  MeterAnswer,
  MeterSettingsAnswer,
  MeterSettingsBody,
} from '@opendtu/api';
import { apiGet } from './client';
import { saveCompanionSettings } from './companion-settings';

const METER = 'companion/api/meter';

/** The reading now; a failure is the caller's to show in place (the live view goes on). */
export const getMeter = (signal?: AbortSignal): Promise<MeterAnswer> =>
  apiGet<MeterAnswer>(METER, { signal, handleErrors: false });

export const getMeterSettings = (signal?: AbortSignal): Promise<MeterSettingsAnswer> =>
  apiGet<MeterSettingsAnswer>(`${METER}/settings`, { signal });

/** Saves the meter (or none); the server reads it at once. */
export const saveMeterSettings = (body: MeterSettingsBody): Promise<ApiResponse> =>
  saveCompanionSettings(`${METER}/settings`, body);

export const flowPath = (date: string, csv?: boolean): string =>
  `companion/api/flow?${new URLSearchParams({ date, ...(csv && { format: 'csv' }) } satisfies FlowQuery).toString()}`;

export const getFlow = (date: string, signal?: AbortSignal): Promise<FlowAnswer> =>
  apiGet<FlowAnswer>(flowPath(date), { signal });
