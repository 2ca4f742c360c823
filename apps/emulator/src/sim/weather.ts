/**
 * The sky over the site (inverters.md §8.2 step 4): one weather class per day, drawn
 * from a seed made of the site and the date so a day replays identically, and a
 * clearness index k(t) per minute inside it. All inverters of the site share the sky.
 */
import { between, clamp, createRandom, ouStep, seedOf, type Random } from './random';

export const WEATHER_CLASSES = ['clear', 'partly-cloudy', 'overcast'] as const;
export type WeatherClass = (typeof WEATHER_CLASSES)[number];

const MINUTES_PER_DAY = 1440;
const DAY_MS = 86_400_000;

/**
 * Days run from local solar midnight at the site's longitude (default 0), so the weather
 * of a day never changes while the sun is up, wherever the site is.
 */
export interface Sky {
  /** Clearness index at an instant: 1 = clear sky, up to ~1.25 at a cloud edge. */
  clearness(epochMs: number, longitude?: number): number;
  weatherOf(epochMs: number, longitude?: number): WeatherClass;
}

function pickClass(random: Random): WeatherClass {
  const r = random();
  if (r < 0.35) return 'clear';
  if (r < 0.75) return 'partly-cloudy';
  return 'overcast';
}

function clearDay(random: Random): Float64Array {
  const k = new Float64Array(MINUTES_PER_DAY + 1);
  let value = 0.975;
  for (let m = 0; m <= MINUTES_PER_DAY; m += 1) {
    value = ouStep(value, 0.975, 0.012, 600, 60, random);
    k[m] = clamp(value, 0.95, 1.0);
  }
  return k;
}

function overcastDay(random: Random): Float64Array {
  const k = new Float64Array(MINUTES_PER_DAY + 1);
  const mean = between(random, 0.18, 0.32);
  let value = mean;
  for (let m = 0; m <= MINUTES_PER_DAY; m += 1) {
    value = ouStep(value, mean, 0.05, 900, 60, random);
    k[m] = clamp(value, 0.15, 0.35);
  }
  return k;
}

// Sun and cloud alternate with dwell times of 1-10 min; the sun coming out from behind
// a cloud sometimes overshoots (cloud-edge enhancement) for about a minute.
function partlyCloudyDay(random: Random): Float64Array {
  const k = new Float64Array(MINUTES_PER_DAY + 1);
  const cloudDepth = between(random, 0.3, 0.55);
  const sunShare = between(random, 0.4, 0.75);
  let sunny = random() < sunShare;
  let left = 0;
  let base = sunny ? 0.97 : cloudDepth;
  for (let m = 0; m <= MINUTES_PER_DAY; m += 1) {
    if (left <= 0) {
      const wasSunny = sunny;
      sunny = random() < sunShare;
      left = Math.round(between(random, 1, 10));
      if (sunny && !wasSunny && random() < 0.3) {
        k[m] = between(random, 1.15, 1.25);
        left -= 1;
        continue;
      }
    }
    left -= 1;
    const target = sunny
      ? between(random, 0.93, 1.0)
      : clamp(cloudDepth + 0.08 * (random() - 0.5), 0.25, 0.7);
    base = 0.4 * base + 0.6 * target;
    k[m] = base;
  }
  return k;
}

/** The site's sky; `siteSeed` usually comes from the DTU serial. */
export function createSky(siteSeed: number, force?: WeatherClass): Sky {
  const days = new Map<number, { weather: WeatherClass; k: Float64Array }>();
  const dayOf = (solarMs: number): { weather: WeatherClass; k: Float64Array } => {
    const index = Math.floor(solarMs / DAY_MS);
    let day = days.get(index);
    if (!day) {
      const random = createRandom(seedOf(siteSeed, 'weather', index));
      const weather = force ?? pickClass(random);
      const k =
        weather === 'clear'
          ? clearDay(random)
          : weather === 'overcast'
            ? overcastDay(random)
            : partlyCloudyDay(random);
      day = { weather, k };
      if (days.size > 4) days.clear();
      days.set(index, day);
    }
    return day;
  };
  const solar = (epochMs: number, longitude = 0): number => epochMs + (longitude / 360) * DAY_MS;
  return {
    weatherOf: (epochMs, longitude) => dayOf(solar(epochMs, longitude)).weather,
    clearness(epochMs, longitude) {
      const solarMs = solar(epochMs, longitude);
      const { k } = dayOf(solarMs);
      const minute = (solarMs - Math.floor(solarMs / DAY_MS) * DAY_MS) / 60_000;
      const i = Math.floor(minute);
      const a = k[i] ?? 1;
      const b = k[i + 1] ?? a;
      return a + (b - a) * (minute - i);
    },
  };
}

/** A sky that is always perfectly clear (k = 1), for the check values of inverters.md §8.2. */
export const PERFECTLY_CLEAR: Sky = { clearness: () => 1, weatherOf: () => 'clear' };

/**
 * Ambient air temperature: seasonal mean (about 2 °C in January, 19 °C in July in
 * Germany; flipped south of the equator), a daily swing with the minimum near sunrise and
 * the maximum mid-afternoon, smaller under clouds.
 */
export function ambientTemperature(
  epochMs: number,
  latitude: number,
  longitude: number,
  clearness: number,
): number {
  const dayOfYear = (epochMs / DAY_MS) % 365.2425;
  const season = -Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.2425) * (latitude < 0 ? -1 : 1);
  const mean = 10.5 + 8.5 * season;
  const solarHour = (((epochMs / 3_600_000 + longitude / 15) % 24) + 24) % 24;
  const daily = -Math.cos((2 * Math.PI * (solarHour - 3)) / 24);
  const swing = 4 * (0.4 + 0.6 * clamp(clearness, 0, 1));
  return mean + swing * daily;
}
