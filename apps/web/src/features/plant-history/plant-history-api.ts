// The plant's history (issue 33) through the one HTTP client. Relative paths, so they
// resolve against the <base> index.html sets: the companion's root in plant mode. Every
// failure stays with the caller: the plant's pages have no login or error route to go to.
import type {
  EnergyBy,
  PlantEnergyAnswer,
  PlantEnergyQuery,
  PlantPowerAnswer,
  PlantPowerQuery,
} from '@opendtu/api';
import { apiGet, apiGetBlob } from '../../api/client';

export const plantPowerPath = (date: string, csv = false): string =>
  `companion/api/plant/power?${new URLSearchParams({
    date,
    ...(csv && { format: 'csv' }),
  } satisfies PlantPowerQuery).toString()}`;

export const plantEnergyPath = (by: EnergyBy, from: string, to: string, csv = false): string =>
  `companion/api/plant/energy?${new URLSearchParams({
    by,
    from,
    to,
    ...(csv && { format: 'csv' }),
  } satisfies PlantEnergyQuery).toString()}`;

export const getPlantPower = (date: string, signal: AbortSignal): Promise<PlantPowerAnswer> =>
  apiGet<PlantPowerAnswer>(plantPowerPath(date), { signal, handleErrors: false });

export const getPlantEnergy = (
  by: EnergyBy,
  from: string,
  to: string,
  signal: AbortSignal,
): Promise<PlantEnergyAnswer> =>
  apiGet<PlantEnergyAnswer>(plantEnergyPath(by, from, to), { signal, handleErrors: false });

/** A CSV of the plant's history with the stored login, as a blob to save. */
export const getPlantCsv = (path: string): Promise<Blob> => apiGetBlob(path, { handleErrors: false });
