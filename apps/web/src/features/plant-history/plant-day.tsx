import type { PlantPowerAnswer } from '@opendtu/api';
import { useCallback, useState } from 'react';
import { plantFlowPath } from '../../api/meter';
import { DayFlow } from '../../components/energy-flow/day-flow';
import { slotTime } from '../../components/chart/chart-plot';
import { DayPicker } from '../../components/history/day-picker';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { getPlantCsv, getPlantPower, plantPowerPath } from './plant-history-api';
import { plantCurve, shortfalls } from './plant-history-model';
import { PlantLoadState, Unavailable } from './plant-load-state';
import { usePlantLoad } from './use-plant-load';
import { PastDayChart } from '../../components/history/past-day-chart';

/** How often today's curve is asked again: its newest five minutes fill in meanwhile. */
export const DAY_REFRESH_MS = 60_000;

/** What the chart needs of an answer, worked out once per answer. */
function dayOf(answer: PlantPowerAnswer) {
  return {
    answer,
    curve: plantCurve(answer),
    shortfalls: shortfalls(answer),
    // The power chart's legend and lines, one per device (its "inverters").
    lines: answer.devices.map(({ name }) => ({ serial: name, name })),
  };
}

/**
 * The plant's day: the picker, the sum and each device's power per five minutes, and in
 * words where the sum lacks a device. The day starts as today (the plant's, once known);
 * today's curve is asked again while shown, a day gone by only once.
 */
export function PlantDay({ today }: { today: string }) {
  const { t } = useI18n();
  const [day, setDay] = useState(today);
  const load = useCallback(async (signal: AbortSignal) => dayOf(await getPlantPower(day, signal)), [day]);
  const state = usePlantLoad(load, day === today ? DAY_REFRESH_MS : undefined);
  const data = state.data;
  const peak = data?.curve.peak;
  const download = () =>
    void getPlantCsv(plantPowerPath(day, true)).then((csv) => saveBlob(csv, `plant-power-${day}.csv`));

  return (
    <section className="mb-4">
      <DayPicker day={day} today={today} onDay={setDay} texts="plantHistory" />
      <PlantLoadState state={state}>
        {!data ? (
          <Spinner />
        ) : (
          <>
            <Unavailable devices={data.answer.devices} />
            <PastDayChart
              day={day}
              curve={data.curve}
              lines={data.lines}
              keys={{ title: 'plantHistory.Power', peak: 'plantHistory.Peak' }}
              download={download}
              none={t('plantHistory.NoPower')}
            />
            {peak && data.shortfalls.length > 0 && (
              <ul className="small mt-2 mb-0" data-plant-shortfalls="">
                {data.shortfalls.map((gap) => (
                  <li key={gap.from}>
                    {t('plantHistory.SumLacks', {
                      devices: gap.devices.join(', '),
                      from: slotTime(gap.from),
                      to: slotTime(gap.to),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </PlantLoadState>
      <DayFlow day={day} path={plantFlowPath} />
    </section>
  );
}
