import { useCallback } from 'react';
import { useLocation, useSearch } from '../../components/router';
import { getCsv, getEnergy, getPower, powerPath } from '../../api/history';
import { useApiData } from '../../api/use-api-data';
import { DayFlow } from '../../components/energy-flow/day-flow';
import { DayPicker } from '../../components/history/day-picker';
import { slotTime } from '../../components/chart/chart-plot';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { formatKwh } from '../../lib/energy';
import { recordedDay } from '../../lib/history-curve';
import { PastDayChart } from '../../components/history/past-day-chart';

/** A day the URL names (`?day=2026-06-20`), if it is one and not after today. */
const dayIn = (search: string, today: string): string | undefined => {
  const day = new URLSearchParams(search).get('day');
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) && day <= today
    ? day
    : undefined;
};

/**
 * One day as the recorder has it: the picker, the day's energy and its power curve. The
 * day shown is in the URL, so it can be bookmarked and survives a reload; without one it is
 * today (the device's, so it moves on at the device's midnight).
 */
export function DayHistory({ today }: { today: string }) {
  const { t, locale } = useI18n();
  const [location, navigate] = useLocation();
  const day = dayIn(useSearch(), today) ?? today;
  const setDay = (next: string) =>
    navigate(next === today ? location : `${location}?day=${next}`, { replace: true });
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [power, energy] = await Promise.all([getPower(day, signal), getEnergy('day', day, day, signal)]);
      return { ...recordedDay(power), inverters: power.inverters, wh: energy.periods[0]?.total_wh ?? null };
    },
    [day],
  );
  const { data, isLoading } = useApiData(load);

  return (
    <section className="mb-4">
      <DayPicker day={day} today={today} onDay={setDay} texts="history" />
      {isLoading || !data ? (
        <Spinner />
      ) : (
        <>
          {data.wh !== null && (
            <p className="mb-0" data-day-energy="">
              {t('history.DayEnergy', { energy: formatKwh(locale, data.wh) })}
            </p>
          )}
          <PastDayChart
            day={day}
            curve={data.curve}
            lines={data.inverters}
            keys={{ title: 'history.Power', peak: 'history.Peak' }}
            download={() =>
              void getCsv(powerPath(day, true)).then((csv) => saveBlob(csv, `power-${day}.csv`))
            }
            none={
              !data.span
                ? t('history.NoPower')
                : day === today
                  ? t('history.NoPowerYet', { from: slotTime(data.span.first) })
                  : t('history.NoPowerDay', { from: slotTime(data.span.first), to: slotTime(data.span.last) })
            }
          />
        </>
      )}
      <DayFlow day={day} />
    </section>
  );
}
