/**
 * The controller's day for the Control screen's chart: the meter's power and the limits
 * it holds, a minute a point, on the device's clock (the recorder's stamps, so the screen
 * lays them over the inverters' output from /companion/api/power). Memory only: a day is
 * 1,440 small points, and what the controller did before a restart is in the log.
 */
import type { ControlDayAnswer, ControlMinute } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { MeterReading } from './meter-source';
import { admitted } from '../ops/admin-only';

const MINUTE_MS = 60_000;
const KEPT_MS = 24 * 60 * MINUTE_MS;

interface Minute {
  t: number;
  sum: number;
  count: number;
  limitsW: number | null;
}

export class ControlDay {
  private minutes: Minute[] = [];
  private takenAt: number | undefined;

  /**
   * What the controller shows at `t` (device ms): a fresh reading, counted once however
   * often it is noted, and the sum of the limits it holds (null before it knows them).
   */
  note(t: number, reading: MeterReading | undefined, limitsW: number | null): void {
    const start = Math.floor(t / MINUTE_MS) * MINUTE_MS;
    let minute = this.minutes.at(-1);
    // The device's clock was set back: what was kept no longer lines up with its day.
    if (minute && start < minute.t) this.minutes = [];
    minute = this.minutes.at(-1);
    if (minute?.t !== start) {
      minute = { t: start, sum: 0, count: 0, limitsW };
      this.minutes.push(minute);
      while (this.minutes[0]!.t <= start - KEPT_MS) this.minutes.shift();
    }
    minute.limitsW = limitsW;
    if (reading && reading.at !== this.takenAt) {
      this.takenAt = reading.at;
      minute.sum += reading.powerW;
      minute.count += 1;
    }
  }

  answer(): ControlDayAnswer {
    return {
      columns: ['t', 'meter_w', 'limits_w'],
      points: this.minutes.map(({ t, sum, count, limitsW }): ControlMinute => [
        t,
        count ? Math.round((sum / count) * 10) / 10 : null,
        limitsW,
      ]),
    };
  }
}

/** Notes the controller's state every `everyMs` while the device's clock is known; returns the stop. */
export function sampleControlDay(
  day: ControlDay,
  clock: DeviceClock,
  read: () => { reading: MeterReading | undefined; limitsW: number | null },
  everyMs: number,
): () => void {
  const timer = setInterval(() => {
    if (!clock.ready) return;
    const { reading, limitsW } = read();
    day.note(clock.now(), reading, limitsW);
  }, everyMs);
  return () => clearInterval(timer);
}

/** GET /companion/api/control/day (ControlDayAnswer), for the admin as the rest of control. */
export function registerControlDay(
  app: FastifyInstance,
  { day, access }: { day: ControlDay; access: DeviceAccess },
): void {
  app.get('/companion/api/control/day', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    return day.answer();
  });
}
