/**
 * GET /companion/api/ticket, with the browser's own Authorization (401 without valid
 * credentials). The live sockets are then opened with `?ticket=`: good for one socket,
 * for `expires_in` seconds.
 */
export interface TicketAnswer {
  ticket: string;
  /** Seconds. */
  expires_in: number;
}
