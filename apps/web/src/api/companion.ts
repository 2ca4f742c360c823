// Served by the companion server (apps/companion), the live sockets of a logged-in page
// carry a ticket: with the device's read-only access off it admits only those, and it
// never asks the browser for a password (a login box would make the browser keep it for
// any site to use). A device answers the ticket path with index.html: then this page is
// not behind the companion, and it never asks again.
import type { TicketAnswer } from '@opendtu/api';
import { apiGet } from './client';
import { isLoggedIn } from './auth';

let companion = true;

/** Whether opening a socket must wait for withTicket (a logged-in page, perhaps behind us). */
export const mayNeedTicket = (): boolean => companion && isLoggedIn();

/** The socket URL (it has no query) with a fresh ticket behind the companion, else as it is. */
export async function withTicket(url: string): Promise<string> {
  try {
    const { ticket } = await apiGet<TicketAnswer>('companion/api/ticket', { handleErrors: false });
    return `${url}?ticket=${encodeURIComponent(ticket)}`;
  } catch (error) {
    // Not JSON: a device. A refusal (401) or no answer: ask again next time.
    companion = (error as { status?: number }).status !== 200;
    return url;
  }
}
