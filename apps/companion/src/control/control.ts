/**
 * The zero-export controller and the schedule as one part of the app (issue 32): the
 * controller runs while zero export is on (a meter given by the options, or the settings
 * saved in the app), the schedule when a file is given. A save from the app replaces the
 * controller: the running one gives every inverter its limit back first (confirmed), then a
 * new one starts with the new settings. On close every inverter gets its own limit back
 * before the server goes.
 */
import type { ControlSettingsBody } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LimitChannel } from '../limits/limit-channel';
import type { LogLine } from '../log';
import { ControlDay, registerControlDay, sampleControlDay } from './day';
import type { MeterPool } from '../meter/meter-source';
import { maskedMeter, type MeterSpec } from './meter';
import { registerControl } from './routes';
import type { ControlConfig } from './config';
import { ControlRunner } from './runner';
import type { Schedule } from './schedule-file';
import { registerSchedule } from './schedule-routes';
import { ScheduleRunner } from './schedule-runner';
import { CONTROL_FILE, optionsBody, writeSavedControl } from './settings-file';

export interface ControlContext {
  /** Undefined: zero export off (no meter in the options, or turned off in the app). */
  config: ControlConfig | undefined;
  /** The settings saved in the app (control.json), which `config` was made of; undefined: the options'. */
  saved?: ControlSettingsBody | undefined;
  /** The data folder, where a save from the app goes. */
  dataDir: string;
  /** Undefined: no --schedule. */
  schedule?: Schedule | undefined;
  link: DeviceLink;
  /** The device's one limit channel: the controller and the schedule send through it. */
  limits: LimitChannel;
  upstream: UpstreamSocket;
  access: DeviceAccess;
  /** The device's clock: the chart of the day and the schedule are on it. */
  clock: DeviceClock;
  log: LogLine;
  /** Where the meter is read once for every part that uses it (the grid meter's recorder). */
  meters?: MeterPool;
}

interface Part {
  start: () => void;
  stop: () => Promise<void>;
}

interface Controller extends Part {
  runner: ControlRunner;
  config: ControlConfig;
}

function newController(context: ControlContext, config: ControlConfig, day: ControlDay): Controller {
  // The controller's waits run on the channel's clock, the device's: a virtual DTU at
  // --speed n answers n times faster, and so must the controller.
  const runner = new ControlRunner(config, {
    channel: context.limits,
    upstream: context.upstream,
    log: context.log,
    meters: context.meters,
  });
  let stopSampling = (): void => undefined;
  const read = () => {
    const limits = Object.values(runner.memory.inverters).map((track) => track.last?.watts ?? track.beforeW);
    return {
      reading: runner.freshReading(),
      limitsW: limits.length ? limits.reduce((sum, w) => sum + w, 0) : null,
    };
  };
  return {
    runner,
    config,
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

export function setUpControl(
  app: FastifyInstance,
  context: ControlContext,
): Part & { meter: () => MeterSpec | undefined } {
  const { schedule, log } = context;
  let settings = context.saved ?? optionsBody(context.config);
  let source: 'options' | 'saved' = context.saved ? 'saved' : 'options';
  let config = context.config;
  let controller: Controller | undefined;
  let started = false;
  let closing = false;
  // What a save is doing to the controller now; a close waits for it.
  let applying: Promise<void> = Promise.resolve();
  // One day for every controller the server has had: a save continues the chart.
  const day = new ControlDay();
  registerControlDay(app, { day, access: context.access });

  const scheduler =
    schedule &&
    new ScheduleRunner(schedule, {
      link: context.link,
      channel: context.limits,
      clock: context.clock,
      log,
      // Read at every tick: the schedule follows the controller a save put in place, and
      // finds none while zero export is off (its control windows then do nothing).
      get control() {
        return controller && { runner: controller.runner, inverters: controller.config.inverters };
      },
    });

  const launch = (next: ControlConfig): void => {
    const created = newController(context, next, day);
    // The schedule tells a controller only what changes: a new one hears what holds now.
    const wanted = schedule && !schedule.dryRun ? scheduler?.resolution?.control : undefined;
    if (wanted) void created.runner.setScheduled(wanted.on, wanted.targetW);
    controller = created;
    created.start();
  };

  registerControl(app, {
    access: context.access,
    current: () => controller,
    settings: () => settings,
    source: () => source,
    save: async (saved) => {
      await writeSavedControl(context.dataDir, saved.body);
      settings = saved.body;
      source = 'saved';
      config = saved.config;
      log(
        saved.config
          ? `Zero export settings saved (${CONTROL_FILE}): on, meter ${maskedMeter(saved.config.meter)}`
          : `Zero export settings saved (${CONTROL_FILE}): off`,
      );
      applying = (async () => {
        const old = controller;
        if (old) {
          await old.stop();
          if (controller === old) controller = undefined;
        }
        if (config && started && !closing) launch(config);
        else if (old) log('Zero export off: every inverter has its own limit back');
      })();
      await applying;
    },
  });
  if (scheduler)
    registerSchedule(app, {
      runner: scheduler,
      access: context.access,
      hasControl: () => controller !== undefined,
      timezone: () => context.clock.timezone,
    });
  return {
    meter: () => config?.meter,
    start: () => {
      started = true;
      if (config) launch(config);
      scheduler?.start();
    },
    // Each gives back the limits of the inverters it owns (they own different ones); the
    // schedule stops first, so it sends no window's limit to an inverter the controller frees.
    stop: async () => {
      closing = true;
      await applying.catch(() => undefined);
      await Promise.all([scheduler?.stop(), controller?.stop()]);
    },
  };
}
