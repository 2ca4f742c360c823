/**
 * The zero-export controller as one part of the app (issue 32): off unless a meter is
 * configured; started when the app is ready, and on close it gives every inverter its own
 * limit back before the server goes.
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import { ControlDay, registerControlDay, sampleControlDay } from './day';
import { isFresh } from './meter-source';
import { registerControl } from './routes';
import { ControlRunner, type ControlConfig } from './runner';

export interface ControlContext {
  /** Undefined: no meter configured, control is off. */
  config: ControlConfig | undefined;
  link: DeviceLink;
  upstream: UpstreamSocket;
  access: DeviceAccess;
  /** The device's clock: the chart of the day is on it. */
  clock: DeviceClock;
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
  const day = new ControlDay();
  registerControlDay(app, { day, access: context.access });
  let stopSampling = (): void => undefined;
  const read = () => {
    const { latest, error } = runner.meter;
    const held = Object.values(runner.memory.inverters).map((track) => track.last?.watts ?? track.beforeW);
    return {
      reading: isFresh(latest, error !== undefined, Date.now()) ? latest : undefined,
      limitsW: held.length ? held.reduce((sum, w) => sum + w, 0) : null,
    };
  };
  return {
    start: () => {
      runner.start();
      stopSampling = sampleControlDay(day, context.clock, read, config.pollMs);
    },
    stop: () => {
      stopSampling();
      return runner.stop();
    },
  };
}
