/**
 * One browser socket joined to its own device socket, for what is rarely open (the
 * console) and for live data when the server's own connection is refused for lack of a
 * password. The upstream connection carries the browser's own credentials (from its
 * ticket) or none, never the server's password.
 */
import WebSocket from 'ws';

/** Close code for "the other side went away" (RFC 6455 1001). */
const GOING_AWAY = 1001;

export function joinSockets(
  browser: WebSocket,
  upstreamUrl: string,
  authorization: string | undefined,
): void {
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  const device = new WebSocket(upstreamUrl, { headers, handshakeTimeout: 10_000 });
  device.on('message', (data, binary) => {
    if (browser.readyState === WebSocket.OPEN) browser.send(data, { binary });
  });
  // What the browser sends (the app's "ping") is only meaningful once the device is there.
  browser.on('message', (data, binary) => {
    if (device.readyState === WebSocket.OPEN) device.send(data, { binary });
  });
  const closeBoth = (): void => {
    if (browser.readyState === WebSocket.OPEN) browser.close(GOING_AWAY);
    if (device.readyState === WebSocket.OPEN || device.readyState === WebSocket.CONNECTING)
      device.terminate();
  };
  device.on('close', closeBoth);
  device.on('error', closeBoth);
  device.on('unexpected-response', closeBoth);
  browser.on('close', closeBoth);
  browser.on('error', closeBoth);
}
