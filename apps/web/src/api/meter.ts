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

/** The plant's own meter's paths (issue 45), at the companion's root when it fronts several devices. */
export const PLANT_METER = 'companion/api/plant/meter';

/** The reading now (a device's meter, or the plant's at `path`); a failure is the caller's. */
export const getMeter = (signal?: AbortSignal, path = METER): Promise<MeterAnswer> =>
  apiGet<MeterAnswer>(path, { signal, handleErrors: false });

export const getMeterSettings = (signal?: AbortSignal): Promise<MeterSettingsAnswer> =>
  apiGet<MeterSettingsAnswer>(`${METER}/settings`, { signal });

/** Saves the meter (or none); the server reads it at once. */
export const saveMeterSettings = (body: MeterSettingsBody): Promise<ApiResponse> =>
  saveCompanionSettings(`${METER}/settings`, body);

const flowQuery = (date: string, csv?: boolean): string =>
  new URLSearchParams({ date, ...(csv && { format: 'csv' }) } satisfies FlowQuery).toString();

export const flowPath = (date: string, csv?: boolean): string => `companion/api/flow?${flowQuery(date, csv)}`;

export const plantFlowPath = (date: string, csv?: boolean): string =>
  `companion/api/plant/flow?${flowQuery(date, csv)}`;

/** A day's flow; a failure is the caller's (the flow is shown beside the day, not instead of it). */
export const getFlow = (date: string, signal?: AbortSignal, path = flowPath): Promise<FlowAnswer> =>
  apiGet<FlowAnswer>(path(date), { signal, handleErrors: false });
