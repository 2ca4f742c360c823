/**
 * The device-vanish fault (sim/faults.ts) on the network side: a DTU that lost its Wi-Fi.
 * Nothing sent to it arrives and it sends nothing, so clients run into their own
 * timeouts rather than a refused connection (that is a restart):
 * - a request, WebSocket upgrade included, is held unanswered; when the device is back it
 *   goes on and is answered late, as TCP delivers it once the link returns;
 * - an open socket is not read (a ping gets no pong) and the push tasks skip their runs;
 * - the TCP handshake itself still completes: the host's kernel accepts connections.
 * The emulator's own /emulator/ paths stay reachable, so a test can end the fault.
 */
import type { FastifyInstance } from 'fastify';
import type { FaultState } from '../sim/faults';

/** Where the emulator's own endpoints live, outside the device's /api. */
export const EMULATOR_PREFIX = '/emulator/';

export interface VanishGate {
  /** Requests held right now. */
  held(): number;
}

export function holdWhileVanished(app: FastifyInstance, faults: FaultState): VanishGate {
  const waiting = new Set<(back: boolean) => void>();
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  // Open sockets of both endpoints; the plugin decorates the server once it is registered.
  const sockets = (): Iterable<{ pause(): void; resume(): void }> =>
    (app as Partial<Pick<FastifyInstance, 'websocketServer'>>).websocketServer?.clients ?? [];

  const update = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    if (!closing && faults.vanished(now)) {
      for (const socket of sockets()) socket.pause();
      const endsAt = faults.vanishEndsAt;
      if (endsAt !== undefined) timer = setTimeout(update, Math.max(1, endsAt - now));
      return;
    }
    for (const socket of sockets()) socket.resume();
    for (const release of waiting) release(!closing);
    waiting.clear();
  };
  const unsubscribe = faults.onChange(update);
  update();

  app.addHook('onRequest', async (request, reply) => {
    if (!faults.vanished(Date.now()) || request.url.startsWith(EMULATOR_PREFIX)) return;
    // The server's idle timeout would reset the connection: the device would not.
    request.raw.socket?.setTimeout?.(0);
    const back = await new Promise<boolean>((release) => waiting.add(release));
    if (back) return;
    // The device goes down (restart, shutdown) while the request waits: the link ends.
    reply.hijack();
    request.raw.socket?.destroy();
  });
  // Going down ends the vanish: held requests are dropped, and paused sockets read again
  // so that the WebSocket plugin's close handshake completes.
  app.addHook('preClose', async () => {
    closing = true;
    unsubscribe();
    update();
  });
  return { held: () => waiting.size };
}
