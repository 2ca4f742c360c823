// False alerts over a simulated week: the emulator's seeded sky (clear, partly cloudy and
// overcast days), its nights and twilight, no fault on purpose, the companion with every
// rule at its default threshold. Whatever it raises is counted; the event log entries of
// the emulator's own rare grid disturbances are real events and counted apart.
import { parseSerial, type AlertRule } from '@opendtu/api';
import { epochOfLocal, parseDeviceTime, posixTzOrUtc } from '@opendtu/server-kit/posix-tz';
import { createSky, type WeatherClass } from '../../apps/emulator/src/sim/weather';
import { seedOf } from '../../apps/emulator/src/sim/random';
import { log } from '../lib/bundles';
import { startPlant, until, wait } from './alerts-plant';

/** A week in about five real minutes. */
export const WEEK_SPEED = 2000;
/**
 * Real ms between pushes: 100 device seconds apart, well under the shortest default
 * threshold (5 minutes), so a silent-looking gap is the server's doing, not the bench's.
 */
const WEEK_PUSH_MS = 50;
const WEEK_DAYS = 7;
export const WEEK_INVERTERS = 3;
const START = '2026-06-21T00:00';
/** The companion's default --alert-twilight-minutes: its watched hours are the device's sun times less these. */
const TWILIGHT_MS = 120 * 60_000;

export interface WeekFigures {
  days: number;
  nights: number;
  weather: Record<WeatherClass, number>;
  /** Alerts stored by the companion (open and past). */
  raised: number;
  /** Per rule, the grid disturbances' event log entries left out. */
  byRule: Partial<Record<AlertRule, number>>;
  /**
   * Share of the looks (one a real second) inside the device's watched hours of that day
   * in which the companion's own watched hours held the device's time too.
   */
  judgedShare: number;
  /** Of them, event log entries of the emulator's own grid disturbances (real events). */
  gridEvents: number;
  /** Messages the receiver got (raised and resolved). */
  messages: number;
  texts: string[];
  realSeconds: number;
}

interface NtpStatus {
  ntp_timezone: string;
  ntp_localtime: string;
  sun_risetime: string;
  sun_settime: string;
}

/** An event log entry of the emulator's rare grid disturbances (its texts begin "Grid: "). */
const isGridEvent = (text: string): boolean => / logged "Grid: /.test(text);

/** The site's weather per day, as the emulator draws it (its sky seeded by the DTU serial). */
function weatherOfWeek(serial: string, longitude: number): Record<WeatherClass, number> {
  // The emulator seeds its sky with the serial as config.json holds it: a decimal integer.
  const sky = createSky(seedOf('site', parseSerial(serial)));
  const counts: Record<WeatherClass, number> = { clear: 0, 'partly-cloudy': 0, overcast: 0 };
  const first = Date.parse(`${START}:00Z`) + 12 * 3_600_000;
  for (let day = 0; day < WEEK_DAYS; day += 1)
    counts[sky.weatherOf(first + day * 86_400_000, longitude)] += 1;
  return counts;
}

export async function measureWeek(server: string): Promise<WeekFigures> {
  const started = Date.now();
  const plant = await startPlant({
    server,
    speed: WEEK_SPEED,
    time: START,
    inverters: WEEK_INVERTERS,
    pushIntervalMs: WEEK_PUSH_MS,
    companionArgs: [],
  });
  try {
    const { serial } = await plant.deviceJson<{ serial: string }>('/api/dtu/config');
    const { longitude } = await plant.deviceJson<{ longitude: number }>('/api/ntp/config');
    const [year, month, day] = START.slice(0, 10).split('-').map(Number) as [number, number, number];
    let end: number | undefined;
    const realMs = (WEEK_DAYS * 86_400_000) / WEEK_SPEED;
    let last = '';
    let watched = 0;
    let judged = 0;
    const done = await until(
      async () => {
        const status = await plant.deviceJson<NtpStatus>('/api/ntp/status');
        const tz = posixTzOrUtc(status.ntp_timezone);
        end ??= epochOfLocal(tz, { year, month, day: day + WEEK_DAYS, hour: 0, minute: 0, second: 0 });
        const now = parseDeviceTime(status.ntp_localtime, tz)!;
        const rise = parseDeviceTime(status.sun_risetime, tz)!;
        const set = parseDeviceTime(status.sun_settime, tz)!;
        if (now >= rise + TWILIGHT_MS && now <= set - TWILIGHT_MS) {
          watched += 1;
          const { daylight } = await plant.alerts();
          if (daylight && now >= Date.parse(daylight.from) && now <= Date.parse(daylight.to)) judged += 1;
        }
        const date = status.ntp_localtime.slice(0, -9);
        if (date !== last) log(`  ${date}: ${plant.receiver.received.length} messages so far`);
        last = date;
        return now >= end;
      },
      realMs * 2,
      1000,
    );
    if (!done) throw new Error('alerts: the simulated week did not end in twice its time');
    // Messages raised in the last moments are still on their way.
    await wait(2000);
    const answer = await plant.alerts();
    const alerts = [...answer.open, ...answer.past];
    const texts = alerts.map((alert) => `${alert.rule}: ${alert.text}`);
    for (const text of texts) log(`  raised: ${text}`);
    const byRule: Partial<Record<AlertRule, number>> = {};
    for (const alert of alerts)
      if (!isGridEvent(alert.text)) byRule[alert.rule] = (byRule[alert.rule] ?? 0) + 1;
    return {
      days: WEEK_DAYS,
      nights: WEEK_DAYS,
      weather: weatherOfWeek(serial, longitude),
      raised: alerts.length,
      byRule,
      judgedShare: watched ? judged / watched : 0,
      gridEvents: alerts.filter((alert) => isGridEvent(alert.text)).length,
      messages: plant.receiver.received.length,
      texts,
      realSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await plant.stop();
  }
}
