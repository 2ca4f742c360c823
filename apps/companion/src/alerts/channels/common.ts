/** What every channel kind shares: the URL's checks, the masking of secrets, the delivery's shape. */
import type { AlertEvent, AlertWebhookBody } from '@opendtu/api';
import { maskText } from '../../settings/mask';

// The masking is shared with the grid meter's address; the channels name it from here.
export { MASK, maskText, maskUrl, secretsOf } from '../../settings/mask';

export class ChannelUrlError extends Error {}

export interface Delivery {
  /** Unique per message and channel (the outbox row, or `test-...`). */
  id: string;
  event: AlertEvent | 'test';
  title: string;
  text: string;
  alert: AlertWebhookBody['alert'];
}

/** An alert as messages carry it. */
export type AlertBody = NonNullable<AlertWebhookBody['alert']>;

/** One rule's state for one inverter (or the DTU), as a channel that holds state shows it. */
export interface SubjectState {
  /** The alerts of this rule and inverter that stand now, oldest first; empty: none. */
  standing: AlertBody[];
  /** Its newest alert, standing or not. */
  latest: AlertBody;
}

/** Every rule's (and inverter's) state now, as far as the database remembers. */
export type StatesNow = () => SubjectState[];

export interface ReceiverAnswer {
  ok: boolean;
  /** The HTTP status; null for a receiver that does not speak HTTP or did not answer. */
  status: number | null;
  answer: string;
}

/**
 * The port as written, checked before the URL parser sees it: for schemes it does not know
 * (mqtt, smtp, ntfy) a bad port only makes it say "Invalid URL", which tells nobody why.
 */
export function checkPort(text: string): void {
  const authority = /^[a-z][-+.a-z0-9]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::([^/?#]*))?/i.exec(text);
  const port = authority?.[1];
  if (port === undefined || port === '') return;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw new ChannelUrlError(`"${maskText(text)}" has a bad port "${port}" (1 to 65535)`);
}

/** The error's own words, short: "ECONNREFUSED", "timeout", the server's reply. */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
  if ((error as Error).name === 'TimeoutError') return 'timeout';
  return String(
    cause?.code ?? cause?.message ?? (error as NodeJS.ErrnoException).code ?? (error as Error).message,
  );
}
