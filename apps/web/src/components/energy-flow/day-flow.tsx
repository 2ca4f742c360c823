import type { FlowAnswer } from '@opendtu/api';
import { useCallback } from 'react';
import { getCsv } from '../../api/history';
import { flowPath, getFlow } from '../../api/meter';
import { useApiData } from '../../api/use-api-data';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { periodLabel } from '../../lib/energy';
import { formatMeasure } from '../../lib/format';
import { slotTime } from '../chart/chart-plot';
import { EnergyCard } from '../history/energy-card';
import { FlowBars, type FlowBar } from './flow-bars';
import { FlowFigures } from './flow-figures';

/** Minutes of a slot from the day's start, by its index. */
const SLOT_MINUTES = 5;

/**
 * A day's energy flow (companion build, issue 45): its figures and its 5-minute bars, with
 * the CSV of the slots. Nothing while the grid meter recorded nothing that day.
 */
export function DayFlow({ day, path = flowPath }: { day: string; path?: typeof flowPath }) {
  const { t, locale } = useI18n();
  // A day without the flow (no meter, or it fails) shows the rest of the day alone.
  const read = useCallback(
    (signal: AbortSignal) => getFlow(day, signal, path).catch(() => undefined),
    [day, path],
  );
  const { data } = useApiData(read);
  const answer: FlowAnswer | undefined = data?.date === day ? data : undefined;
  if (!answer || answer.day.imported_wh === null) return null;
  const bars: FlowBar[] = answer.points.map(([t, , selfUsed, exported, imported]) => ({
    period: String(t),
    selfUsed,
    imported,
    exported,
  }));
  const wh = (value: number | null) => (value === null ? '–' : formatMeasure(locale, value, 'Wh', 0));
  const time = (index: number) => slotTime(index * SLOT_MINUTES);
  return (
    <EnergyCard
      title={t('meter.FlowDay', { day: periodLabel(locale, day) })}
      download={() => void getCsv(path(day, true)).then((csv) => saveBlob(csv, `flow-${day}.csv`))}
      className="card mt-4"
    >
      <FlowFigures flow={answer.day} />
      <FlowBars
        bars={bars}
        hint={t('history.Pick')}
        unit="Wh"
        tick={(_bar, index) => (index % 72 === 0 ? time(index) : null)}
        readOut={(bar) => {
          const index = bars.indexOf(bar);
          return t('meter.SlotReadOut', {
            time: time(index),
            selfUsed: wh(bar.selfUsed),
            imported: wh(bar.imported),
            exported: wh(bar.exported),
          });
        }}
      />
    </EnergyCard>
  );
}
