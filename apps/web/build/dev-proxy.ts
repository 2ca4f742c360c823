import type { ProxyOptions } from 'vite';

/**
 * The dev server forwards the device's own paths to a device: the emulator by default,
 * or a real DTU when DEVICE=http://<address> is set. WebSockets are forwarded too.
 */
export function devProxy(target: string): Record<string, ProxyOptions> {
  const rule: ProxyOptions = { target, changeOrigin: true, ws: true };
  return { '/api': rule, '/livedata': rule, '/console': rule };
}
