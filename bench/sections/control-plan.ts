// What the zero-export bench knows before it starts anything: which date gives a clear and
// which a cloudy day, and when the house's kettle switches on and off. Both come from the
// emulator's own models (the sky is drawn from the DTU serial and the date, the house from
// its seed), so the figures can be tied to the 2 kW steps without watching the appliances.
import { epochOfLocal, posixTzOrUtc } from '@opendtu/server-kit/posix-tz';
import { DEFAULT_NTP_TIMEZONE, defaultConfig } from '../../apps/emulator/src/config/defaults';
import { identityFor } from '../../apps/emulator/src/config/identity';
import { planDay } from '../../apps/emulator/src/sim/household-day';
import { seedOf } from '../../apps/emulator/src/sim/random';
import { createSky, type WeatherClass } from '../../apps/emulator/src/sim/weather';

const DAY_MS = 86_400_000;
/** The first day searched: summer, when a plant produces far more than a house uses. */
const SEARCH_FROM = Date.UTC(2026, 5, 1);
const SEARCH_DAYS = 60;

/** A calendar date, as `--time` takes it (YYYY-MM-DD). */
export type DateText = string;

/**
 * The first summer date on which a fresh emulator with this data folder has the given
 * weather: there is no weather option, the sky is drawn from the DTU serial (derived from
 * the folder's path) and the date.
 */
export function dateWithWeather(dataDir: string, weather: WeatherClass): DateText {
  const identity = identityFor(dataDir);
  const sky = createSky(seedOf('site', identity.defaultDtuSerial));
  const { longitude } = defaultConfig(identity).ntp;
  for (let i = 0; i < SEARCH_DAYS; i += 1) {
    const noon = SEARCH_FROM + i * DAY_MS + DAY_MS / 2;
    if (sky.weatherOf(noon, longitude) === weather) return new Date(noon).toISOString().slice(0, 10);
  }
  throw new Error(`no ${weather} day in ${SEARCH_DAYS} days from June 1st for ${dataDir}`);
}

/** Epoch ms of a wall-clock time on the device (its default zone, Central Europe). */
export function deviceInstant(date: DateText, hour: number): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const whole = Math.floor(hour);
  const minute = Math.round((hour - whole) * 60);
  return epochOfLocal(posixTzOrUtc(DEFAULT_NTP_TIMEZONE), {
    year,
    month,
    day,
    hour: whole,
    minute,
    second: 0,
  });
}

/** A 2 kW step of the house: the kettle switching on (`up`) or off. */
export interface LoadStep {
  at: number;
  up: boolean;
}

/** The kettle's switchings on that date (epoch ms, in order). */
export function kettleSteps(householdSeed: number, date: DateText): LoadStep[] {
  const midnight = deviceInstant(date, 0);
  // The house's day number counts local days since 1970-01-01 (household.ts).
  const localDay = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  return planDay(householdSeed, localDay)
    .filter((run) => run.appliance === 'kettle')
    .flatMap((run) => [
      { at: midnight + run.startS * 1000, up: true },
      { at: midnight + (run.startS + run.durationS) * 1000, up: false },
    ])
    .sort((a, b) => a.at - b.at);
}
