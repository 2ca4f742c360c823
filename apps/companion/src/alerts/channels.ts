/**
 * Channels as URLs, so one line of config says where to tell the owner; each kind lives in
 * channels/: ntfy and webhooks (http.ts), MQTT with Home Assistant discovery (mqtt.ts),
 * e-mail (smtp.ts). A password in a URL is never shown: the API and the log see the masked
 * form, which is also the channel's name in the outbox (a changed password keeps its
 * waiting messages).
 */
import type { AlertChannel, AlertChannelKind } from '@opendtu/api';
import {
  checkPort,
  ChannelUrlError,
  maskText,
  maskUrl,
  secretsOf,
  type AlertBody,
  type Delivery,
  type ReceiverAnswer,
  type StatesNow,
  type SubjectState,
} from './channels/common';
import { parseHttp, postDelivery } from './channels/http';
import { MqttLink, parseMqtt } from './channels/mqtt';
import { mailDelivery, parseSmtp } from './channels/smtp';

export {
  ChannelUrlError,
  maskUrl,
  type AlertBody,
  type Delivery,
  type ReceiverAnswer,
  type StatesNow,
  type SubjectState,
};

export interface Channel {
  kind: AlertChannelKind;
  /** The URL as configured, secrets included: only ever written to the saved settings. */
  url: string;
  /** The URL as configured, with secrets masked: shown, logged, and the outbox's key. */
  masked: string;
  /** Where the messages go, without credentials. */
  target: URL;
  /** Basic credentials from the URL's user:pass (ntfy and webhooks). */
  authorization: string | undefined;
  /** The secrets in the URL, for the log's redaction. */
  secrets: string[];
  /** Sends one message; never throws (the answer says what went wrong). */
  send: (delivery: Delivery, timeoutMs: number) => Promise<ReceiverAnswer>;
  /**
   * Opens what the channel keeps open (an MQTT connection); `states` tells every rule's
   * state now, for a channel that holds state (retained topics).
   */
  start: (states: StatesNow) => void;
  /** Closes it again; a later send opens it anew. */
  close: () => Promise<void>;
}

const SCHEMES = 'ntfy://, ntfys://, http://, https://, mqtt://, mqtts://, smtp:// or smtps://';

/** Parses a channel URL; throws ChannelUrlError with the reason (the URL masked). */
export function parseChannel(text: string): Channel {
  const trimmed = text.trim();
  checkPort(trimmed);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ChannelUrlError(`"${maskText(text)}" is not a URL`);
  }
  const masked = maskUrl(url);
  const scheme = url.protocol.slice(0, -1);
  if (!url.hostname) throw new ChannelUrlError(`${masked} has no host`);
  const base = {
    url: trimmed,
    masked,
    secrets: secretsOf(url),
    start: () => undefined,
    close: async () => undefined,
  };
  switch (scheme) {
    case 'ntfy':
    case 'ntfys':
    case 'http':
    case 'https': {
      const http = parseHttp(url, masked);
      return { ...base, ...http, send: (delivery, timeoutMs) => postDelivery(http, delivery, timeoutMs) };
    }
    case 'mqtt':
    case 'mqtts': {
      const mqtt = parseMqtt(url, masked);
      const link = new MqttLink(mqtt);
      return {
        ...base,
        kind: 'mqtt',
        target: new URL(`${mqtt.broker.href.replace(/\/$/, '')}/${mqtt.topic}`),
        authorization: undefined,
        send: (delivery, timeoutMs) => link.send(delivery, timeoutMs),
        start: (states) => link.start(states),
        close: () => link.close(),
      };
    }
    case 'smtp':
    case 'smtps': {
      const smtp = parseSmtp(url, masked);
      return {
        ...base,
        kind: 'email',
        target: new URL(`${scheme}://${url.host}`),
        authorization: undefined,
        send: (delivery, timeoutMs) => mailDelivery(smtp, delivery, timeoutMs),
      };
    }
    default:
      throw new ChannelUrlError(`${masked}: "${scheme}://" is not a channel; use ${SCHEMES}`);
  }
}

export const channelAnswer = (channel: Channel): AlertChannel => ({
  kind: channel.kind,
  url: channel.masked,
});

/** One message to the receiver; never throws (the answer says what went wrong). */
export const deliver = (channel: Channel, delivery: Delivery, timeoutMs = 10_000): Promise<ReceiverAnswer> =>
  channel.send(delivery, timeoutMs);
