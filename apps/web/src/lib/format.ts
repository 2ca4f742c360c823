// Locale-aware number and date formats (spec §9). A language pack may bring a code
// Intl does not know; every formatter then falls back to English instead of throwing.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
}

/** The formatter of `locale` for `options`, made once; `name` tells the options apart cheaply. */
function numberFormat(locale: string, name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${name}`, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      return new Intl.NumberFormat('en', options);
    }
  });
}

/** A decimal number with exactly `digits` fraction digits (the device's `d`). */
export function formatNumber(locale: string, value: number, digits = 0): string {
  return numberFormat(locale, `${digits}`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A percentage of a value given in percent, always with `digits` decimals (42.5 -> "42.5 %" in de). */
export function formatPercent(locale: string, percent: number, digits = 0): string {
  return numberFormat(locale, `%${digits}`, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(percent / 100);
}

export type ByteUnit = 'byte' | 'kilobyte' | 'megabyte';

const BYTE_DIVISOR: Record<ByteUnit, number> = { byte: 1, kilobyte: 1024, megabyte: 1024 * 1024 };

/** A size in bytes shown in the given unit (1024-based, as the device counts memory). */
export function formatBytes(locale: string, bytes: number, unit: ByteUnit = 'byte', digits = 0): string {
  return numberFormat(locale, `${unit}${digits}`, {
    style: 'unit',
    unit,
    maximumFractionDigits: digits,
  }).format(bytes / BYTE_DIVISOR[unit]);
}

/** A device value with its own unit and decimals (kW, kWh from 10,000 on). */
export function formatValue(locale: string, value: { v: number; u: string; d: number }): string {
  return formatMeasure(locale, value.v, value.u, value.d);
}

/** An inverter's limit: "800 W | 100 %", or only the percentage while its model is unknown. */
export function formatLimit(
  locale: string,
  limit: { limit_absolute: number; limit_relative: number },
): string {
  const relative = `${formatNumber(locale, limit.limit_relative, 0)} %`;
  return limit.limit_absolute >= 0
    ? `${formatNumber(locale, limit.limit_absolute, 0)} W | ${relative}`
    : relative;
}

/** A temperature in °C with at most one fraction digit. */
export function formatCelsius(locale: string, value: number): string {
  return numberFormat(locale, '°C', { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** Which parts of a moment are shown: date and time, time, or hours and minutes. */
type Parts = 'all' | 'time' | 'hm';

function dateTimeFormat(locale: string, parts: Parts, timeZone?: string): Intl.DateTimeFormat {
  return cached(`d|${locale}|${parts}|${timeZone ?? ''}`, () => {
    const options: Intl.DateTimeFormatOptions = {
      ...(parts === 'all' && { year: 'numeric', month: '2-digit', day: '2-digit' }),
      hour: '2-digit',
      minute: '2-digit',
      ...(parts !== 'hm' && { second: '2-digit' }),
      hourCycle: 'h23',
      timeZone,
    };
    try {
      return new Intl.DateTimeFormat(locale, options);
    } catch {
      return new Intl.DateTimeFormat('en', options);
    }
  });
}

/**
 * Numeric date and time, always on a 24-hour clock; in the browser's zone, or in
 * `timeZone` (the NTP page shows the device's wall clock, sent as if it were UTC).
 */
export function formatDateTime(locale: string, date: Date | number, timeZone?: string): string {
  return dateTimeFormat(locale, 'all', timeZone).format(date);
}

/** A time of day on a 24-hour clock, with or without seconds; `timeZone` as above. */
export function formatClock(locale: string, date: Date | number, seconds = false, timeZone?: string): string {
  return dateTimeFormat(locale, seconds ? 'time' : 'hm', timeZone).format(date);
}

/** A duration in the locale's short units, the two largest: "42 sec", "4 min 2 sec", "2 hr 25 min". */
export function formatDuration(locale: string, seconds: number): string {
  const unit = (value: number, name: string) =>
    numberFormat(locale, name, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts = [
    [Math.floor(seconds / 86_400), 'day'],
    [Math.floor(seconds / 3600) % 24, 'hour'],
    [Math.floor(seconds / 60) % 60, 'minute'],
    [Math.floor(seconds) % 60, 'second'],
  ] as const;
  const first = Math.min(3, parts.findIndex(([value]) => value > 0) >>> 0);
  return parts
    .slice(first, first + 2)
    .filter(([value], i) => i === 0 || value > 0)
    .map(([value, name]) => unit(value, name))
    .join(' ');
}

/** Digits before the decimal mark. */
const whole = (value: number) => String(Math.trunc(Math.abs(value))).length;

/**
 * A measured value with its unit and at most the device's decimals, five significant
 * digits in all (a total yield of 12,345.678 kWh shows as 12,346 kWh); from 10,000 W or
 * Wh on in kW or kWh with four (37,549 Wh is 37.55 kWh).
 */
export function formatMeasure(locale: string, value: number, unit: string, digits: number): string {
  if ((unit === 'W' || unit === 'Wh') && Math.abs(value) >= 10_000) {
    return `${formatNumber(locale, value / 1000, Math.max(0, 4 - whole(value / 1000)))} k${unit}`;
  }
  return `${formatNumber(locale, value, Math.min(digits, Math.max(0, 5 - whole(value))))}${unit ? ` ${unit}` : ''}`;
}
