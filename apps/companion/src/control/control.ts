/**
 * The zero-export controller and the schedule as one part of the app (issue 32): the
 * controller is off unless a meter is configured, the schedule unless a file is given.
 * Started when the app is ready; on close every inverter gets its own limit back before
 * the server goes.
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import { ControlDay, registerControlDay, sampleControlDay } from './day';
import { registerControl } from './routes';
import { ControlRunner, type ControlConfig } from './runner';
import type { Schedule } from './schedule-file';
import { registerSchedule } from './schedule-routes';
import { ScheduleRunner } from './schedule-runner';

export interface ControlContext {
  /** Undefined: no meter configured, control is off. */
  config: ControlConfig | undefined;
  /** Undefined: no --schedule. */
  schedule?: Schedule | undefined;
  link: DeviceLink;
  upstream: UpstreamSocket;
  access: DeviceAccess;
  /** The device's clock: the chart of the day and the schedule are on it. */
  clock: DeviceClock;
  log: LogLine;
}

interface Part {
  start: () => void;
  stop: () => Promise<void>;
}

function setUpController(
  app: FastifyInstance,
  context: ControlContext,
  config: ControlConfig,
): Part & { runner: ControlRunner } {
  // The controller's waits run on the device's clock: a virtual DTU at --speed n answers n
  // times faster, and so must the controller, or its lag costs n times the export.
  const runner = new ControlRunner(config, context.link, context.upstream, context.log, context.clock.speed);
  registerControl(app, { runner, config, access: context.access });
  const day = new ControlDay();
  registerControlDay(app, { day, access: context.access });
  let stopSampling = (): void => undefined;
  const read = () => {
    const held = Object.values(runner.memory.inverters).map((track) => track.last?.watts ?? track.beforeW);
    return {
      reading: runner.freshReading(),
      limitsW: held.length ? held.reduce((sum, w) => sum + w, 0) : null,
    };
  };
  return {
    runner,
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

export function setUpControl(app: FastifyInstance, context: ControlContext): Part {
  const { config, schedule } = context;
  const controller = config && setUpController(app, context, config);
  const scheduler =
    schedule &&
    new ScheduleRunner(schedule, {
      link: context.link,
      clock: context.clock,
      log: context.log,
      control: controller && config && { runner: controller.runner, inverters: config.inverters },
    });
  if (scheduler)
    registerSchedule(app, {
      runner: scheduler,
      access: context.access,
      hasControl: controller !== undefined,
      timezone: () => context.clock.timezone,
    });
  return {
    start: () => {
      controller?.start();
      scheduler?.start();
    },
    // Each gives back the limits of the inverters it holds (they hold different ones); the
    // schedule stops first, so it sends no window's limit to an inverter the controller frees.
    stop: async () => {
      await Promise.all([scheduler?.stop(), controller?.stop()]);
    },
  };
}
