// What another website can make the owner's browser do to the device (issue 24): a page
// served from a second site auto-submits a form to the device, as an attacker's page
// would. The browser decides alone whether to attach credentials it keeps for the device;
// the tests observe what it sent and what the device did.
import type { BrowserContext, Request } from '@playwright/test';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * The emulators the socket and cross-site tests run against, in one place: the default
 * release (v25.4.10) never challenges a socket handshake, v26.3.30 challenges with Digest
 * whenever read-only access is off. Each test probes whether the sockets challenge and
 * expects by that.
 */
export const SOCKET_DEVICES: readonly {
  name: string;
  args: string[];
  /**
   * Whether a login the browser gave a socket also goes with later requests to the API:
   * so for a Basic challenge (v24.1-v24.9); a Digest one (v26.3.30) is kept for its own
   * realm, which the API does not share (measured in Chromium).
   */
  socketLoginReachesApi: boolean;
}[] = [
  { name: 'v25.4.10 (sockets open to all)', args: [], socketLoginReachesApi: false },
  {
    name: 'v26.3.30 (sockets challenge with Digest)',
    args: ['--firmware', 'v26.3.30'],
    socketLoginReachesApi: false,
  },
];

/** A loopback address that is another origin and another site than the device's 127.0.0.1. */
const ATTACKER_HOST = '127.0.0.2';

export interface AttackerSite {
  /** Base URL of the attacker's site, e.g. http://127.0.0.2:40111. */
  url: string;
  close: () => Promise<void>;
}

const escapeHtml = (text: string): string => text.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Serves `/post?action=<url>&enctype=<type>&data=<text>&via=<page|frame|fetch>`: a page that
 * at once submits a form with the field `data` (into itself or into an invisible frame),
 * or sends the same body with fetch (no-cors, credentials included).
 */
export async function startAttackerSite(): Promise<AttackerSite> {
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const attribute = (name: string): string => escapeHtml(query.get(name) ?? '');
    const via = query.get('via');
    const send =
      via === 'fetch'
        ? `const body = new (document.forms[0].enctype === 'multipart/form-data' ? FormData : URLSearchParams)();` +
          `body.append('data', document.forms[0].data.value);` +
          `fetch(document.forms[0].action, { method: 'POST', mode: 'no-cors', credentials: 'include', body });`
        : 'document.forms[0].submit();';
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><title>Another site</title><iframe name="sink" hidden></iframe>` +
        `<form method="post" action="${attribute('action')}" enctype="${attribute('enctype')}" target="${via === 'frame' ? 'sink' : '_self'}">` +
        `<input name="data" value="${attribute('data')}"></form><script>${send}</script>`,
    );
  });
  await new Promise<void>((listening) => server.listen(0, ATTACKER_HOST, listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${ATTACKER_HOST}:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

export type FormEncoding = 'application/x-www-form-urlencoded' | 'multipart/form-data';

export interface CrossSitePost {
  /** The device or companion to attack, e.g. http://127.0.0.1:40100/. */
  base: string;
  /** A path under `base`, e.g. 'api/security/config'. */
  path: string;
  enctype: FormEncoding;
  /** The form field `data`, as the device reads it (contract §0.4). */
  data: unknown;
  /** Submit into the page itself (a visible navigation), into a hidden frame, or send with fetch. */
  via: 'page' | 'frame' | 'fetch';
}

export interface CrossSiteAnswer {
  /** Whether the browser attached an Authorization header it kept for the target. */
  sentCredentials: boolean;
  /** The HTTP status the browser got, or its network error (e.g. net::ERR_INVALID_AUTH_CREDENTIALS). */
  outcome: number | string;
}

/**
 * Opens the attacker's page in the owner's browser (`context`) and lets it post one form
 * to the target. Resolves once the browser has the answer (or gave up).
 */
export async function postFromOtherSite(
  context: BrowserContext,
  attacker: AttackerSite,
  post: CrossSitePost,
): Promise<CrossSiteAnswer> {
  const action = new URL(post.path, post.base).href;
  const page = await context.newPage();
  try {
    const isPost = (request: Request): boolean => request.method() === 'POST' && request.url() === action;
    const answered = Promise.race([
      page.waitForEvent('requestfinished', { predicate: isPost }),
      page.waitForEvent('requestfailed', { predicate: isPost }),
    ]);
    const query = new URLSearchParams({
      action,
      enctype: post.enctype,
      data: JSON.stringify(post.data),
      via: post.via,
    });
    await page.goto(`${attacker.url}/post?${query}`);
    const request = await answered;
    const response = await request.response();
    const headers = await request.allHeaders();
    return {
      sentCredentials: 'authorization' in headers,
      outcome: response ? response.status() : (request.failure()?.errorText ?? 'failed'),
    };
  } finally {
    await page.close();
  }
}

/**
 * Whether the device answers a socket handshake without credentials with a 401 challenge
 * (the kind of device whose sockets make a browser keep the owner's login).
 */
export function socketChallenges(base: string, path = 'livedata'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const upgrade = httpRequest(new URL(path, base), {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    upgrade.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(false);
    });
    upgrade.on('response', (response) => {
      response.resume();
      resolve(response.statusCode === 401);
    });
    upgrade.on('error', reject);
    upgrade.end();
  });
}
