/**
 * Socket tickets. A browser cannot put an Authorization header on a WebSocket, and the
 * device's way (credentials in the URL, then a 401 challenge) makes the browser keep the
 * password for the origin, where any other website can use it. So a logged-in page asks
 * GET /companion/api/ticket with its own Authorization and opens the socket with
 * `?ticket=`. A ticket is good for one socket, for a short while, and carries the
 * browser's own credentials, which are used for that socket's upstream connection only.
 */
import type { TicketAnswer } from '@opendtu/api';
import { randomBytes } from 'node:crypto';

export const TICKET_LIFETIME_MS = 30_000;
const MAX_TICKETS = 1000;

export class Tickets {
  private readonly tickets = new Map<string, { authorization: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(authorization: string): TicketAnswer {
    const now = this.now();
    for (const [ticket, entry] of this.tickets) if (entry.expires <= now) this.tickets.delete(ticket);
    // A flood of requests cannot grow memory: the oldest tickets go first.
    if (this.tickets.size >= MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value!);
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { authorization, expires: now + TICKET_LIFETIME_MS });
    return { ticket, expires_in: TICKET_LIFETIME_MS / 1000 };
  }

  /** The credentials a ticket was issued for, once; undefined for an unknown or old one. */
  take(ticket: string | undefined): string | undefined {
    if (!ticket) return undefined;
    const entry = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    return entry && entry.expires > this.now() ? entry.authorization : undefined;
  }
}
