/**
 * `smtp://[user:pass@]host[:port]?from=...&to=...` (port 587 unless given; STARTTLS whenever
 * the server offers it) and `smtps://` (TLS from the first byte, port 465 unless given): the
 * message as a plain-text e-mail, sent with nodemailer. `to=` takes several addresses apart
 * by commas or repeated; `from=` may be left out when the user name is an address. A server
 * that offers no STARTTLS on smtp:// gets the password in the clear, as any mail client would
 * send it: use smtps:// or a server with STARTTLS across any network that is not your own.
 */
import { ChannelUrlError, type Delivery, type ReceiverAnswer } from './common';

export interface SmtpTarget {
  host: string;
  port: number;
  /** smtps://: TLS from the start; smtp:// upgrades with STARTTLS when offered. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
  to: string[];
}

/** An address as mail servers take it: something@somewhere, no spaces or brackets. */
const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+$/;

export function parseSmtp(url: URL, masked: string): SmtpTarget {
  const secure = url.protocol === 'smtps:';
  if (url.pathname !== '' && url.pathname !== '/')
    throw new ChannelUrlError(`${masked}: an e-mail URL has no path; put the addresses in ?from=...&to=...`);
  for (const key of url.searchParams.keys())
    if (key !== 'from' && key !== 'to')
      throw new ChannelUrlError(`${masked}: unknown option "${key}" (an e-mail URL takes from= and to=)`);
  const to = url.searchParams
    .getAll('to')
    .flatMap((list) => list.split(','))
    .map((address) => address.trim())
    .filter((address) => address !== '');
  if (to.length === 0)
    throw new ChannelUrlError(
      `${masked} needs to=<address>, e.g. smtp://user:pass@mail.example:587?to=me@example.org`,
    );
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const from = url.searchParams.get('from')?.trim() || (user && ADDRESS.test(user) ? user : '');
  if (from === '') throw new ChannelUrlError(`${masked} needs from=<address> (the user name is no address)`);
  for (const address of [from, ...to])
    if (!ADDRESS.test(address)) throw new ChannelUrlError(`${masked}: "${address}" is not an e-mail address`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    from,
    to,
  };
}

/** One e-mail through the server; never throws (the answer is the server's reply or the error). */
export async function mailDelivery(
  target: SmtpTarget,
  delivery: Delivery,
  timeoutMs: number,
): Promise<ReceiverAnswer> {
  // Loaded with the first e-mail: a server that sends none never holds it in memory.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: target.host,
    port: target.port,
    secure: target.secure,
    ...(target.user !== undefined ? { auth: { user: target.user, pass: target.password ?? '' } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: target.from,
      to: target.to,
      subject: delivery.title,
      text: `${delivery.text}\n\n-- \nThe OpenDTU companion\n`,
      // Unique per message and channel, as the webhook's message_id: a repeat can be dropped.
      headers: { 'X-OpenDTU-Message-Id': delivery.id },
    });
    const rejected = info.rejected.map(String);
    return {
      ok: info.accepted.length > 0 && rejected.length === 0,
      status: null,
      answer: `${info.response}${rejected.length ? ` (refused: ${rejected.join(', ')})` : ''}`.slice(0, 200),
    };
  } catch (error) {
    const failure = error as Error & { response?: string };
    return { ok: false, status: null, answer: (failure.response ?? failure.message).slice(0, 200) };
  } finally {
    transport.close();
  }
}
