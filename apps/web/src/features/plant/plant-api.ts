// The companion's plant answer (issue 33), read through the one HTTP client. Relative, so
// it resolves against the <base> index.html sets: the companion's root in plant mode.
import type { PlantAnswer } from '@opendtu/api';
import { basicOf, type Credentials } from '../../api/auth';
import { apiGet } from '../../api/client';

export const PLANT_PATH = 'companion/api/plant';

/** A device's own app, under the companion's root (a full page load: another app). */
export const deviceHref = (name: string): string => `dtu/${encodeURIComponent(name)}/`;

/**
 * The plant now, with the stored login or, for the login form's check, with `credentials`.
 * Every failure stays with the caller: the plant page has no login or error route to go
 * to, it shows both in place.
 */
export function getPlant(signal?: AbortSignal, credentials?: Credentials): Promise<PlantAnswer> {
  return apiGet<PlantAnswer>(PLANT_PATH, {
    signal,
    handleErrors: false,
    ...(credentials && { authorization: basicOf(credentials) }),
  });
}
