/**
 * The server's own requests to the device (its clock, the read-only probe, credential
 * checks). Never used for a browser's request: those go through the proxy with the
 * browser's own headers. The server's password is added only where `credentials:
 * 'server'` asks for it.
 *
 * Sent with Node's own HTTP client, not `fetch`: fetch is a second copy of undici inside
 * Node, loaded at its first call (about 1.5 MB of memory beside the proxy's undici) and
 * dearer per request (web streams); a device's answers are small and read whole.
 */
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { https } from './https';

export type Credentials = 'server' | 'none' | { authorization: string };

export interface DeviceAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body is not JSON (the device's index.html). */
  json: unknown;
}

/** How long one of the server's own requests may take (a device on weak Wi-Fi is slow). */
const TIMEOUT_MS = 10_000;

/**
 * The device has about 16 TCP connections in all and refuses more: the server's own
 * requests (20 browsers logging in at once are 20 credential checks) take at most 3 of
 * them, and wait for one otherwise, beside the proxy's 3 and the live socket. Each request
 * has a connection of its own (the agent keeps none alive), as the device's server is used to.
 */
export const LINK_CONNECTIONS = 3;

export class DeviceLink {
  readonly url: URL;
  private readonly serverAuthorization: string | undefined;
  private readonly agent: Agent;

  constructor(url: URL, password: string | undefined) {
    this.url = url;
    this.serverAuthorization =
      password === undefined ? undefined : `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const Kind = url.protocol === 'https:' ? https().Agent : Agent;
    this.agent = new Kind({ maxSockets: LINK_CONNECTIONS });
  }

  get hasPassword(): boolean {
    return this.serverAuthorization !== undefined;
  }

  /** Headers of the server's own upgrade of a device socket. */
  socketHeaders(): Record<string, string> {
    return this.serverAuthorization ? { Authorization: this.serverAuthorization } : {};
  }

  /** ws:// (or wss://) URL of a device socket. */
  socketUrl(path: string): string {
    const url = new URL(path, this.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.href;
  }

  private headers(credentials: Credentials): Record<string, string> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    const authorization =
      credentials === 'server'
        ? this.serverAuthorization
        : credentials === 'none'
          ? undefined
          : credentials.authorization;
    if (authorization) headers.Authorization = authorization;
    return headers;
  }

  /**
   * POST `data` as the device's forms take it (the form field `data`, as the web app
   * sends it); the zero-export controller's limits. Not repeated when it fails: the
   * caller decides.
   */
  async postData(path: string, data: unknown, credentials: Credentials): Promise<DeviceAnswer> {
    const body = new URLSearchParams({ data: JSON.stringify(data) }).toString();
    return this.send(
      'POST',
      path,
      {
        ...this.headers(credentials),
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
        'Content-Length': String(Buffer.byteLength(body)),
      },
      body,
    );
  }

  /** GET a device path; throws only when the device did not answer at all. */
  async get(path: string, credentials: Credentials): Promise<DeviceAnswer> {
    const headers = this.headers(credentials);
    try {
      return await this.send('GET', path, headers);
    } catch (error) {
      // A connection the device dropped (a restart) fails at once: a GET may go again on
      // a fresh one. A device that does not answer in time is away.
      if ((error as Error).name === 'TimeoutError') throw error;
      return this.send('GET', path, headers);
    }
  }

  /**
   * One request, its answer read whole within TIMEOUT_MS; a timeout rejects with the
   * signal's `TimeoutError`, anything else with the connection's error.
   */
  private send(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<DeviceAnswer> {
    const url = new URL(path, this.url);
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const request = url.protocol === 'https:' ? https().request : httpRequest;
    return new Promise((resolve, reject) => {
      const fail = (error: Error): void => reject(signal.aborted ? (signal.reason as Error) : error);
      const sent = request(url, { method, headers, signal, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => resolve(answer(response, Buffer.concat(chunks).toString())));
      });
      sent.on('error', fail);
      sent.end(body);
    });
  }
}

function answer(response: IncomingMessage, text: string): DeviceAnswer {
  let json: unknown;
  if (response.headers['content-type']?.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.statusCode ?? 0, json };
}
