/**
 * The zero-export controller as one part of the app (issue 32): off unless a meter is
 * configured; started when the app is ready, and on close it gives every inverter its own
 * limit back before the server goes.
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import { registerControl } from './routes';
import { ControlRunner, type ControlConfig } from './runner';

export interface ControlContext {
  /** Undefined: no meter configured, control is off. */
  config: ControlConfig | undefined;
  link: DeviceLink;
  upstream: UpstreamSocket;
  access: DeviceAccess;
  log: LogLine;
}

export function setUpControl(
  app: FastifyInstance,
  context: ControlContext,
): { start: () => void; stop: () => Promise<void> } {
  const { config } = context;
  if (!config) return { start: () => undefined, stop: async () => undefined };
  const runner = new ControlRunner(config, context.link, context.upstream, context.log);
  registerControl(app, { runner, config, access: context.access });
  return { start: () => runner.start(), stop: () => runner.stop() };
}
