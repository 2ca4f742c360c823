// The login state (spec §3, §4): logged in means a `user` entry in local storage holding
// `authdata`, the base64 of "user:password". The device has no sessions; every request
// carries these credentials.
import { useSyncExternalStore } from 'react';

const USER_KEY = 'user';

export interface StoredUser {
  /** base64 of "username:password" (UTF-8). */
  authdata: string;
  [field: string]: unknown;
}

export type AuthEvent = 'logged-in' | 'logged-out';

/** Fires `logged-in` and `logged-out` (spec §4). */
export const authEvents = new EventTarget();

/** base64 of a text's UTF-8 bytes (btoa alone only takes Latin-1). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What a login form was given. */
export interface Credentials {
  username: string;
  password: string;
}

/** Their Authorization header (before they are stored, for the request that checks them). */
export const basicOf = ({ username, password }: Credentials): string =>
  `Basic ${base64Utf8(`${username}:${password}`)}`;

function fromBase64Utf8(data: string): string {
  const binary = atob(data);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function storedUser(): StoredUser | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    if (value && typeof value === 'object' && typeof (value as StoredUser).authdata === 'string') {
      return value as StoredUser;
    }
  } catch {
    // A damaged entry counts as logged out.
  }
  return null;
}

export function isLoggedIn(): boolean {
  return storedUser() !== null;
}

/** The Authorization header value for the stored user, if any. */
export function basicAuthorization(): string | undefined {
  const user = storedUser();
  return user ? `Basic ${user.authdata}` : undefined;
}

function emit(event: AuthEvent): void {
  authEvents.dispatchEvent(new Event(event));
}

/** Stores the user after a successful credential check. */
export function storeUser(username: string, password: string, answer: object = {}): void {
  const user: StoredUser = { ...answer, authdata: base64Utf8(`${username}:${password}`) };
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit('logged-in');
}

/** Forgets the credentials; `logged-out` fires even if none were stored (spec §8). */
export function clearUser(): void {
  localStorage.removeItem(USER_KEY);
  emit('logged-out');
}

/**
 * "user:password@" with both parts URL-encoded, for URLs that cannot carry a header
 * (WebSockets); empty when logged out.
 */
export function urlCredentials(): string {
  const user = storedUser();
  if (!user) return '';
  try {
    const pair = fromBase64Utf8(user.authdata);
    const colon = pair.indexOf(':');
    if (colon < 0) return '';
    return `${encodeURIComponent(pair.slice(0, colon))}:${encodeURIComponent(pair.slice(colon + 1))}@`;
  } catch {
    return '';
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.key === USER_KEY || event.key === null) onChange();
  };
  authEvents.addEventListener('logged-in', onChange);
  authEvents.addEventListener('logged-out', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    authEvents.removeEventListener('logged-in', onChange);
    authEvents.removeEventListener('logged-out', onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether a user is logged in; re-renders on login, logout and other tabs' changes. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn);
}
