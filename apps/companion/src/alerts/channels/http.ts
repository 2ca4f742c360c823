/**
 * The channels that POST over HTTP:
 * - `ntfy://[user:pass@]host[:port]/topic` and `ntfys://` (TLS): ntfy's publish API, the text
 *   POSTed to http(s)://host[:port]/topic with the headers Title, Priority and Tags;
 * - `http://...` and `https://...`: a webhook, a POST of AlertWebhookBody as JSON.
 */
import type { AlertWebhookBody } from '@opendtu/api';
import { ChannelUrlError, reasonOf, type Delivery, type ReceiverAnswer } from './common';

/** ntfy's topic names: letters, digits, `_` and `-`, up to 64. */
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

export interface HttpTarget {
  kind: 'ntfy' | 'webhook';
  /** Where the POST goes, without credentials. */
  target: URL;
  /** Basic credentials from the URL's user:pass. */
  authorization: string | undefined;
}

export function parseHttp(url: URL, masked: string): HttpTarget {
  const scheme = url.protocol.slice(0, -1);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const authorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  if (scheme === 'ntfy' || scheme === 'ntfys') {
    const topic = url.pathname.replace(/^\//, '');
    if (!TOPIC.test(topic))
      throw new ChannelUrlError(
        `${masked} needs one topic after the host (letters, digits, _ and -, up to 64), e.g. ntfy://ntfy.sh/my-plant`,
      );
    if (url.search) throw new ChannelUrlError(`${masked}: an ntfy URL takes no ?query`);
    const target = new URL(`${scheme === 'ntfys' ? 'https' : 'http'}://${url.host}/${topic}`);
    return { kind: 'ntfy', target, authorization };
  }
  const target = new URL(url.href);
  target.username = '';
  target.password = '';
  return { kind: 'webhook', target, authorization };
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
export async function postDelivery(
  channel: HttpTarget,
  delivery: Delivery,
  timeoutMs: number,
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
    return { ok: false, status: null, answer: reasonOf(error) };
  }
}
