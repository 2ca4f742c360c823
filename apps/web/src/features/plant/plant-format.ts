import type { ApiError } from '../../api/client';
import type { Translator } from '../../i18n/runtime';
import { formatDateTime, formatMeasure } from '../../lib/format';

/** What a value not reported shows. */
export const NO_VALUE = '–';

/** AC power in W (kW from 10 kW on), as the live view writes it. */
export const formatPower = (locale: string, watts: number | null): string =>
  watts === null ? NO_VALUE : formatMeasure(locale, watts, 'W', 1);

/** A day's yield in Wh (kWh from 10 kWh on). */
export const formatYieldDay = (locale: string, wattHours: number | null): string =>
  wattHours === null ? NO_VALUE : formatMeasure(locale, wattHours, 'Wh', 0);

/** A lifetime yield in kWh. */
export const formatYieldTotal = (locale: string, kilowattHours: number | null): string =>
  kilowattHours === null ? NO_VALUE : formatMeasure(locale, kilowattHours, 'kWh', 3);

/** An ISO 8601 moment in the browser's time zone, date and time; as sent if it is no date. */
export function formatSince(locale: string, iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatDateTime(locale, time);
}

/** What the companion said of a failure, or else its HTTP status. */
export const failureText = (t: Translator['t'], error: ApiError): string =>
  error.message || t('base.HttpError', { status: error.status });
