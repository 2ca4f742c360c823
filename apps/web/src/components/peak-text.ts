// How a peak of the day reads (lib/peaks.ts keeps them): its time on the device's clock,
// which only api/ knows, so the words live here and not beside the pure tracking.
import { onDeviceClock } from '../api/device-time';
import type { Translator } from '../i18n/runtime';
import { formatClock, formatNumber } from '../lib/format';
import type { Peak } from '../lib/peaks';

/** When, on the device's clock: "12:31". */
const clock = (locale: string, t: number): string =>
  onDeviceClock(t, (time, zone) => formatClock(locale, time, false, zone));

/** "2,010 W · 12:31"; a dash before any power was seen. */
export function peakText(locale: string, peak: Peak | undefined): string {
  return peak && peak.w > 0 ? `${formatNumber(locale, peak.w, 0)} W · ${clock(locale, peak.t)}` : '–';
}

/** "Peak since 10:02" on a bare device, "Peak today" once the whole day is known. */
export function peakLabel(t: Translator['t'], locale: string, since: number | undefined): string {
  return since ? t('home.PeakSince', { at: clock(locale, since) }) : t('home.PeakToday');
}
