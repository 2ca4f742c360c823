import { ManagedSocket } from './socket';

/** The `/console` socket (contract §6): raw text; a 5 s heartbeat pings or reconnects. */
export const consoleSocket = new ManagedSocket({ path: 'console', heartbeatMs: 5_000, retryMs: 5_000 });
