// The one HTTP client (conventions: "Views never call fetch"). It keeps the device's
// quirks in one place: Basic credentials and `X-Requested-With` on every request (the
// latter stops the device from asking the browser for a login dialog), JSON posted as the
// form field `data`, 401 -> login, any other failure -> the Error screen (spec §7, §8).
// Paths are relative ('api/...'), so they resolve against the <base> index.html sets.
import type { ApiResponse } from '@opendtu/api';
import { basicAuthorization, clearUser } from './auth';
import { takeEarly } from './early';

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
   * expected (language packs, wait polling, login) pass false and handle it themselves.
   */
  handleErrors?: boolean;
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
    } else handlers.failed(error);
  }
  throw error;
}

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
    return fail(new ApiError(error instanceof Error ? error.message : String(error), 0), options);
  }
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

/** GET a JSON answer. */
export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
      if (xhr.status === 401) {
        clearUser();
        handlers.unauthorized();
        reject(new ApiError('', 401));
        return;
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new ApiError('', 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Whether an answer to a write is the standard envelope (contract §0.5). */
export function isApiResponse(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && typeof (value as ApiResponse).type === 'string';
}
