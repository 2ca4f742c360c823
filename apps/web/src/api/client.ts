// The one HTTP client (conventions: "Views never call fetch"). It keeps the device's
// quirks in one place: Basic credentials and `X-Requested-With` on every request (the
// latter stops the device from asking the browser for a login dialog), JSON posted as the
// form field `data`, 401 -> login, any other failure -> the Error screen (spec §7, §8).
// Paths are relative ('api/...'), so they resolve against the <base> index.html sets.
import type { ApiResponse } from '@opendtu/api';
import { basicAuthorization, clearUser } from './auth';
import { takeEarly } from './early';
import { deviceAnswered, deviceAway } from './connection';

/** A failed call: `status` is the HTTP status, 0 when there was no answer. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Whether a failure leads away from the page: 401 to the login (forgetting the stored
   * user), anything else to the Error screen. Default true; calls whose failure is
   * expected (language packs, wait polling, login) pass false and handle it themselves;
   * 'login' keeps only the way to the login (loads shown in place, see loadInPlace).
   */
  handleErrors?: boolean | 'login';
  /** An Authorization header instead of the stored user's (the login check). */
  authorization?: string;
}

export interface ClientHandlers {
  /** After a 401: the app sends the user to the login with the current path. */
  unauthorized: () => void;
  /** After any other failure: the app shows the Error screen. */
  failed: (error: ApiError) => void;
}

let handlers: ClientHandlers = { unauthorized: () => {}, failed: () => {} };

/** The app shell registers where failures lead; returns a function to undo it. */
export function setClientHandlers(next: ClientHandlers): () => void {
  const previous = handlers;
  handlers = next;
  return () => {
    handlers = previous;
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function headers(options: RequestOptions): Headers {
  const result = new Headers({ 'X-Requested-With': 'XMLHttpRequest' });
  const authorization = options.authorization ?? basicAuthorization();
  if (authorization) result.set('Authorization', authorization);
  return result;
}

function fail(error: ApiError, options: RequestOptions): never {
  if (options.handleErrors !== false) {
    if (error.status === 401) {
      clearUser();
      handlers.unauthorized();
    } else if (options.handleErrors !== 'login') handlers.failed(error);
  }
  throw error;
}

let inPlace = 0;

/**
 * Runs a screen's load so that the requests it starts at once report their failure to it
 * (shown in place, retried) instead of leaving for the Error screen; a 401 still leads to
 * the login. Loads take no options of their own, hence a scope instead of a parameter.
 */
export function loadInPlace<T>(load: () => Promise<T>): Promise<T> {
  inPlace += 1;
  try {
    return load();
  } finally {
    inPlace -= 1;
  }
}

const scoped = (options: RequestOptions): RequestOptions =>
  inPlace > 0 && options.handleErrors === undefined ? { ...options, handleErrors: 'login' } : options;

/**
 * Whether an answer to `path` tells of the device: the companion's own API answers while
 * the device is away (its live flow card asks every 2 s), so it tells nothing of it.
 */
const ofDevice = (path: string): boolean =>
  !(import.meta.env.MODE === 'companion' && path.startsWith('companion/'));

async function send(path: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  let response: Response | undefined;
  try {
    const sent = headers(options);
    // The page's first GETs may have been started by index.html already (api/early.ts).
    if (!init.method) response = await takeEarly(path, sent.get('Authorization'));
    options.signal?.throwIfAborted();
    response ??= await fetch(path, { ...init, headers: sent, signal: options.signal ?? null });
  } catch (error) {
    if (isAbort(error)) throw error;
    if (ofDevice(path)) deviceAway();
    return fail(new ApiError(error instanceof Error ? error.message : String(error), 0), options);
  }
  if (ofDevice(path)) deviceAnswered();
  if (response.status === 401) return fail(new ApiError('', 401), options);
  return response;
}

async function parse<T>(response: Response, options: RequestOptions): Promise<T> {
  // A device without the endpoint answers with index.html (contract §0.2), 200.
  if (response.headers.get('Content-Type')?.startsWith('text/html')) {
    return fail(new ApiError('not an API answer', response.status), options);
  }
  const text = await response.text();
  let body: unknown = undefined;
  let parseError: string | undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch (error) {
      parseError = error instanceof Error ? error.message : String(error);
    }
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    return fail(
      new ApiError(typeof message === 'string' ? message : response.statusText, response.status || 0),
      options,
    );
  }
  if (parseError !== undefined) return fail(new ApiError(parseError, response.status), options);
  return body as T;
}

/** An answer fetched for several callers, with the failure handled as `options` say for this one. */
export function handled<T>(answer: Promise<T>, options: RequestOptions = {}): Promise<T> {
  const mine = scoped(options);
  return answer.catch((error: unknown) =>
    error instanceof ApiError ? fail(error, mine) : Promise.reject(error),
  );
}

/** GET a JSON answer. */
export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  options = scoped(options);
  return parse<T>(await send(path, {}, options), options);
}

/** POST `data` as the form field the device reads (contract §0.4); answers the envelope. */
export async function apiPost<T = ApiResponse>(
  path: string,
  data: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  return parse<T>(await send(path, { method: 'POST', body: form }, options), options);
}

/**
 * POST to the companion server's own API (apps/companion), which reads JSON, not the
 * device's form field; without `data` there is no body. A Blob body makes fetch send its
 * type as the Content-Type, so `send` stays as the device needs it.
 */
export async function apiPostJson<T>(path: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const body = data === undefined ? null : new Blob([JSON.stringify(data)], { type: 'application/json' });
  return parse<T>(await send(path, { method: 'POST', body }, options), options);
}

/** GET a file as it is stored (downloads, backups). */
export async function apiGetBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, {}, options);
  if (!response.ok) return fail(new ApiError(response.statusText, response.status), options);
  return response.blob();
}

export interface UploadResult {
  status: number;
  statusText: string;
  text: string;
}

/**
 * POST a multipart form with upload progress (fetch cannot report it). Only a 401 is
 * handled here; the upload screens show every other outcome themselves (spec §8).
 */
export function apiUpload(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    headers({}).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      deviceAnswered();
      if (xhr.status === 401) {
        clearUser();
        handlers.unauthorized();
        reject(new ApiError('', 401));
        return;
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      deviceAway();
      reject(new ApiError('', 0));
    };
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Whether an answer to a write is the standard envelope (contract §0.5). */
export function isApiResponse(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && typeof (value as ApiResponse).type === 'string';
}
