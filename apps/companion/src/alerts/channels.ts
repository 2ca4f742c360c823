/**
 * Channels as URLs, so one line of config says where to tell the owner:
 * - `ntfy://[user:pass@]host[:port]/topic` and `ntfys://` (TLS): ntfy's HTTP publish, a POST
 *   of the text to http(s)://host[:port]/topic with the headers Title, Priority and Tags;
 * - `http://...` and `https://...`: a webhook, a POST of AlertWebhookBody as JSON.
 * A password in a URL is never shown: the API and the log see the masked form, which is
 * also the channel's name in the outbox (a changed password keeps its waiting messages).
 */
import type { AlertChannel, AlertChannelKind, AlertEvent, AlertWebhookBody } from '@opendtu/api';

export class ChannelUrlError extends Error {}

export interface Channel {
  kind: AlertChannelKind;
  /** The URL as configured, with secrets masked: shown, logged, and the outbox's key. */
  masked: string;
  /** Where the POST goes. */
  target: URL;
  /** Basic credentials from the URL's user:pass. */
  authorization: string | undefined;
  /** The secrets in the URL, for the log's redaction. */
  secrets: string[];
}

const MASK = '****';
const SECRET_KEY = /^(p|pw|pass|password|token|key|secret|auth.*)$/i;
/** ntfy's topic names: letters, digits, `_` and `-`, up to 64. */
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/** Parses a channel URL; throws ChannelUrlError with the reason (the URL masked). */
export function parseChannel(text: string): Channel {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ChannelUrlError(`"${maskText(text)}" is not a URL`);
  }
  const masked = maskUrl(url);
  const scheme = url.protocol.slice(0, -1);
  if (!url.hostname) throw new ChannelUrlError(`${masked} has no host`);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const authorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  const secrets = [password, url.password];
  for (const [key, value] of url.searchParams) if (SECRET_KEY.test(key)) secrets.push(value);
  let target: URL;
  let kind: AlertChannelKind;
  if (scheme === 'ntfy' || scheme === 'ntfys') {
    const topic = url.pathname.replace(/^\//, '');
    if (!TOPIC.test(topic))
      throw new ChannelUrlError(
        `${masked} needs one topic after the host (letters, digits, _ and -, up to 64), e.g. ntfy://ntfy.sh/my-plant`,
      );
    if (url.search) throw new ChannelUrlError(`${masked}: an ntfy URL takes no ?query`);
    target = new URL(`${scheme === 'ntfys' ? 'https' : 'http'}://${url.host}/${topic}`);
    kind = 'ntfy';
  } else if (scheme === 'http' || scheme === 'https') {
    target = new URL(url.href);
    target.username = '';
    target.password = '';
    kind = 'webhook';
  } else {
    throw new ChannelUrlError(
      `${masked}: "${scheme}://" is not a channel of this release; use ntfy://, ntfys://, http:// or https://`,
    );
  }
  return { kind, masked, target, authorization, secrets: secrets.filter((secret) => secret !== '') };
}

/** The URL with its password and secret-looking query values replaced. */
export function maskUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = MASK;
  for (const key of [...copy.searchParams.keys()]) if (SECRET_KEY.test(key)) copy.searchParams.set(key, MASK);
  return copy.href;
}

/** A text that is not even a URL may still hold `user:pass@`: that part is masked. */
const maskText = (text: string): string => text.replace(/(\/\/[^/:@]*:)[^@/]*@/, `$1${MASK}@`);

export const channelAnswer = (channel: Channel): AlertChannel => ({
  kind: channel.kind,
  url: channel.masked,
});

export interface Delivery {
  /** Unique per message and channel (the outbox row, or `test-...`). */
  id: string;
  event: AlertEvent | 'test';
  title: string;
  text: string;
  alert: AlertWebhookBody['alert'];
}

export interface ReceiverAnswer {
  ok: boolean;
  status: number | null;
  answer: string;
}

/** An HTTP header carries Latin-1; ntfy decodes RFC 2047 encoded words for the rest. */
function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

const NTFY_STYLE: Record<Delivery['event'], { priority: string; tags: string }> = {
  raised: { priority: '4', tags: 'warning' },
  resolved: { priority: '3', tags: 'white_check_mark' },
  test: { priority: '3', tags: 'test_tube' },
};

/** One POST to the receiver; never throws (the answer says what went wrong). */
export async function deliver(
  channel: Channel,
  delivery: Delivery,
  timeoutMs = 10_000,
): Promise<ReceiverAnswer> {
  const headers: Record<string, string> = {};
  if (channel.authorization) headers.Authorization = channel.authorization;
  let body: string;
  if (channel.kind === 'ntfy') {
    const style = NTFY_STYLE[delivery.event];
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    headers.Title = headerText(delivery.title);
    headers.Priority = style.priority;
    headers.Tags = style.tags;
    body = delivery.text;
  } else {
    headers['Content-Type'] = 'application/json';
    const json: AlertWebhookBody = {
      message_id: delivery.id,
      event: delivery.event,
      title: delivery.title,
      text: delivery.text,
      alert: delivery.alert,
    };
    body = JSON.stringify(json);
  }
  try {
    const response = await fetch(channel.target, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text()).slice(0, 200);
    return {
      ok: response.ok,
      status: response.status,
      answer: `HTTP ${response.status}${text ? `: ${text}` : ''}`,
    };
  } catch (error) {
    const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? 'timeout'
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { ok: false, status: null, answer: reason };
  }
}
