/**
 * Sunrise, sunset and the sun's position, with the NOAA solar calculator as the device
 * uses it (port of buelowp/sunset 1.1.7, inverters.md §8.1). Pure functions: the caller
 * supplies the local date and the UTC offset; the device's own quirks (offset truncated
 * to whole hours, results truncated to whole minutes) are reproduced here.
 */

/** The device's `sunsettype` setting: 0 official, 1 nautical (default), 2 civil, 3 astronomical. */
export type SunsetType = 0 | 1 | 2 | 3;

/** Zenith angle used for both sunrise and sunset, per `sunsettype`. */
export const SUNSET_ZENITH: Readonly<Record<SunsetType, number>> = {
  0: 90.833,
  1: 102,
  2: 96,
  3: 108,
};

const rad = (deg: number): number => (deg * Math.PI) / 180;
const deg = (r: number): number => (r * 180) / Math.PI;

export interface LocalDate {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

/** Julian day at 0 h UTC of a calendar date (Meeus). */
export function julianDay({ year, month, day }: LocalDate): number {
  let y = year;
  let m = month;
  if (m <= 2) {
    y -= 1;
    m += 12;
  }
  const a = Math.floor(y / 100);
  const b = 2 - a + Math.floor(a / 4);
  return Math.floor(365.25 * (y + 4716)) + Math.floor(30.6001 * (m + 1)) + day + b - 1524.5;
}

const julianCentury = (jd: number): number => (jd - 2451545) / 36525;

function geomMeanLongSun(t: number): number {
  const l0 = 280.46646 + t * (36000.76983 + 0.0003032 * t);
  return ((l0 % 360) + 360) % 360;
}

const geomMeanAnomalySun = (t: number): number => 357.52911 + t * (35999.05029 - 0.0001537 * t);
const eccentricityEarthOrbit = (t: number): number => 0.016708634 - t * (0.000042037 + 0.0000001267 * t);

function sunEqOfCenter(t: number): number {
  const m = rad(geomMeanAnomalySun(t));
  return (
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289
  );
}

function sunApparentLong(t: number): number {
  const trueLong = geomMeanLongSun(t) + sunEqOfCenter(t);
  const omega = 125.04 - 1934.136 * t;
  return trueLong - 0.00569 - 0.00478 * Math.sin(rad(omega));
}

function obliquityCorrection(t: number): number {
  const seconds = 21.448 - t * (46.815 + t * (0.00059 - t * 0.001813));
  const e0 = 23 + (26 + seconds / 60) / 60;
  const omega = 125.04 - 1934.136 * t;
  return e0 + 0.00256 * Math.cos(rad(omega));
}

/** Sun declination in degrees. */
export function sunDeclination(t: number): number {
  const e = obliquityCorrection(t);
  const lambda = sunApparentLong(t);
  return deg(Math.asin(Math.sin(rad(e)) * Math.sin(rad(lambda))));
}

/** Equation of time in minutes. */
export function equationOfTime(t: number): number {
  const epsilon = obliquityCorrection(t);
  const l0 = rad(geomMeanLongSun(t));
  const e = eccentricityEarthOrbit(t);
  const m = rad(geomMeanAnomalySun(t));
  const y = Math.tan(rad(epsilon) / 2) ** 2;
  const eTime =
    y * Math.sin(2 * l0) -
    2 * e * Math.sin(m) +
    4 * e * y * Math.sin(m) * Math.cos(2 * l0) -
    0.5 * y * y * Math.sin(4 * l0) -
    1.25 * e * e * Math.sin(2 * m);
  return deg(eTime) * 4;
}

function hourAngle(latitude: number, declination: number, zenith: number): number {
  const lat = rad(latitude);
  const dec = rad(declination);
  return Math.acos(Math.cos(rad(zenith)) / (Math.cos(lat) * Math.cos(dec)) - Math.tan(lat) * Math.tan(dec));
}

// One estimate from the day's start, then one refinement at the estimated time, as the
// library does. `sign` is +1 for sunrise, -1 for sunset. NaN when there is no event.
function eventUtcMinutes(
  jd: number,
  latitude: number,
  longitude: number,
  zenith: number,
  sign: number,
): number {
  const t = julianCentury(jd);
  const first =
    720 - 4 * (longitude + sign * deg(hourAngle(latitude, sunDeclination(t), zenith))) - equationOfTime(t);
  const refined = julianCentury(jd + first / 1440);
  return (
    720 -
    4 * (longitude + sign * deg(hourAngle(latitude, sunDeclination(refined), zenith))) -
    equationOfTime(refined)
  );
}

export interface SunTimes {
  /** Local minutes past midnight, truncated to whole minutes; undefined when there is none. */
  sunrise: number | undefined;
  sunset: number | undefined;
}

/**
 * Sunrise and sunset of a local date, as the device computes them: the UTC offset is
 * taken in whole hours (seconds ÷ 3600, truncated, so half-hour zones come out wrong)
 * and both results are truncated to whole minutes.
 */
export function sunTimes(
  date: LocalDate,
  latitude: number,
  longitude: number,
  utcOffsetSeconds: number,
  sunsetType: SunsetType,
): SunTimes {
  const zenith = SUNSET_ZENITH[sunsetType] ?? SUNSET_ZENITH[1];
  const jd = julianDay(date);
  const offsetMinutes = 60 * Math.trunc(utcOffsetSeconds / 3600);
  const local = (utc: number): number | undefined =>
    Number.isFinite(utc) ? Math.floor(utc + offsetMinutes) : undefined;
  return {
    sunrise: local(eventUtcMinutes(jd, latitude, longitude, zenith, 1)),
    sunset: local(eventUtcMinutes(jd, latitude, longitude, zenith, -1)),
  };
}

/**
 * The device's "day period": local minute ≥ sunrise and < sunset. A day without a
 * sunrise or sunset for the chosen twilight (e.g. astronomical at 51° N in June) counts
 * entirely as day.
 */
export function isDayPeriod(localMinuteOfDay: number, times: SunTimes): boolean {
  if (times.sunrise === undefined || times.sunset === undefined) return true;
  return localMinuteOfDay >= times.sunrise && localMinuteOfDay < times.sunset;
}

export interface SunPosition {
  /** Degrees above the horizon (negative below); geometric, no refraction. */
  elevation: number;
  /** Degrees clockwise from north. */
  azimuth: number;
}

/** The sun's position at an instant, for the PV model (inverters.md §8.2 step 1). */
export function sunPosition(epochMs: number, latitude: number, longitude: number): SunPosition {
  const jd = epochMs / 86_400_000 + 2440587.5;
  const t = julianCentury(jd);
  const declination = rad(sunDeclination(t));
  const utcMinutes = (((epochMs / 60_000) % 1440) + 1440) % 1440;
  const solarTime = utcMinutes + equationOfTime(t) + 4 * longitude;
  const hour = rad(solarTime / 4 - 180);
  const lat = rad(latitude);
  const sinEl =
    Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hour);
  const elevation = Math.asin(Math.max(-1, Math.min(1, sinEl)));
  const azimuth = Math.atan2(
    Math.sin(hour),
    Math.cos(hour) * Math.sin(lat) - Math.tan(declination) * Math.cos(lat),
  );
  return { elevation: deg(elevation), azimuth: (deg(azimuth) + 180 + 360) % 360 };
}
