/**
 * GET /companion/api/schedule (ScheduleAnswer): the schedule as read, what holds now on the
 * device's clock, and the latest actions. For the admin only, as the controller's API: it
 * names inverters and tells when the plant is limited.
 */
import type {
  ScheduleAnswer,
  ScheduleRestartEntry,
  ScheduleWeekday,
  ScheduleWindowEntry,
} from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from '../ops/admin-only';
import { clockText, WEEKDAYS, type ScheduleWindow } from './schedule-file';
import { localText, statusOf, type ScheduleRunner } from './schedule-runner';

const dayNames = (days: readonly number[]): ScheduleWeekday[] => days.map((day) => WEEKDAYS[day]!);

function windowEntry(window: ScheduleWindow, holding: boolean): ScheduleWindowEntry {
  const { action } = window;
  return {
    index: window.index,
    name: window.name ?? null,
    days: dayNames(window.days),
    from: clockText(window.from),
    to: clockText(window.to),
    ...(action.kind === 'limit'
      ? {
          [action.unit === 'W' ? 'limit_w' : 'limit_percent']: action.value,
          inverters: action.inverters,
        }
      : {
          control: action.on ? 'on' : 'off',
          ...(action.targetW === undefined ? {} : { target_w: action.targetW }),
        }),
    holding,
  };
}

export function scheduleAnswer(
  runner: ScheduleRunner,
  hasControl: boolean,
  timezone: string,
): ScheduleAnswer {
  const { schedule, resolution } = runner;
  const holding = new Set(resolution?.holding ?? []);
  return {
    dry_run: schedule.dryRun,
    device_time: runner.deviceTime ? localText(runner.deviceTime) : null,
    timezone,
    windows: schedule.windows.map((window) => windowEntry(window, holding.has(window.index))),
    restarts: schedule.restarts.map((restart): ScheduleRestartEntry => ({
      index: restart.index,
      days: dayNames(restart.days),
      at: clockText(restart.at),
      inverters: restart.inverters,
    })),
    control: hasControl
      ? {
          window: resolution?.control?.window ?? null,
          on: resolution?.control?.on ?? true,
          target_w: resolution?.control?.targetW ?? null,
        }
      : null,
    limits: [...runner.tracks].map(([serial, track]) => ({
      serial,
      limit: track.wanted ?? null,
      window: track.window ?? null,
      before_percent: track.beforePercent,
      status: track.last ? statusOf(track.last) : 'pending',
    })),
    actions: runner.actions,
  };
}

export function registerSchedule(
  app: FastifyInstance,
  {
    runner,
    access,
    hasControl,
    timezone,
  }: {
    runner: ScheduleRunner;
    access: DeviceAccess;
    /** Whether a controller runs now (zero export may be turned on and off in the app). */
    hasControl: () => boolean;
    timezone: () => string;
  },
): void {
  app.get('/companion/api/schedule', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    return scheduleAnswer(runner, hasControl(), timezone());
  });
}
