import type { ApiResponse, SecurityConfig } from '@opendtu/api';
import { ApiError, apiGet, apiPost } from './client';
import { basicOf, clearUser, storeUser } from './auth';

/**
 * Checks the credentials with GET api/security/authenticate (contract §2.1) and stores
 * them on success. Any failure rejects with "Invalid credentials" (the login page shows
 * its own translation), forgets a stored user and fires `logged-out` (spec §7, §8).
 */
export async function login(username: string, password: string): Promise<void> {
  let answer: ApiResponse;
  try {
    answer = await apiGet<ApiResponse>('api/security/authenticate', {
      handleErrors: false,
      authorization: basicOf({ username, password }),
    });
  } catch (error) {
    // Whatever failed, the user is not logged in with these credentials any more.
    clearUser();
    throw new ApiError('Invalid credentials', error instanceof ApiError ? error.status : 0);
  }
  storeUser(username, password, answer);
}

/** Logout clears the stored user and fires `logged-out` (spec §2). */
export function logout(): void {
  clearUser();
}

export const getSecurityConfig = () => apiGet<SecurityConfig>('api/security/config');
export const postSecurityConfig = (config: SecurityConfig) => apiPost('api/security/config', config);
