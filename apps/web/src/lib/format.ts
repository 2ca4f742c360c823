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

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      return new Intl.NumberFormat('en', options);
    }
  });
}

/** A decimal number with exactly `digits` fraction digits (the device's `d`). */
export function formatNumber(locale: string, value: number, digits = 0): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A percentage of a value given in percent (42.5 -> "42.5 %" in de, "42.5%" in en). */
export function formatPercent(locale: string, percent: number, digits = 0): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(percent / 100);
}

export type ByteUnit = 'byte' | 'kilobyte' | 'megabyte';

const BYTE_DIVISOR: Record<ByteUnit, number> = { byte: 1, kilobyte: 1024, megabyte: 1024 * 1024 };

/** A size in bytes shown in the given unit (1024-based, as the device counts memory). */
export function formatBytes(locale: string, bytes: number, unit: ByteUnit = 'byte', digits = 0): string {
  return numberFormat(locale, {
    style: 'unit',
    unit,
    maximumFractionDigits: digits,
  }).format(bytes / BYTE_DIVISOR[unit]);
}

/** A device value with its own unit and decimals. */
export function formatValue(locale: string, value: { v: number; u: string; d: number }): string {
  return `${formatNumber(locale, value.v, value.d)}${value.u ? ` ${value.u}` : ''}`;
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

/** A time of day as HH:MM on a 24-hour clock. */
export function formatClock(t: number): string {
  return new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A temperature in °C with at most one fraction digit. */
export function formatCelsius(locale: string, value: number): string {
  return numberFormat(locale, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }).format(value);
}

/**
 * Numeric date and time, always on a 24-hour clock; in the browser's zone, or in
 * `timeZone` (the NTP page shows the device's wall clock, sent as if it were UTC).
 */
export function formatDateTime(locale: string, date: Date | number, timeZone?: string): string {
  return cached(`d|${locale}|${timeZone ?? ''}`, () => {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    };
    try {
      return new Intl.DateTimeFormat(locale, options);
    } catch {
      return new Intl.DateTimeFormat('en', options);
    }
  }).format(date);
}
