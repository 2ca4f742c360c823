import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { energyRange, shiftAnchor, type EnergyBy } from '../../lib/energy';
import { SelectField } from '../form/controls';
import { Step } from '../step';

/** What an energy screen shows: days of a month, months of a year or the years, around `anchor`. */
export function useEnergyView(today: string, firstYear: string) {
  const [by, setBy] = useState<EnergyBy>('day');
  const [anchor, setAnchor] = useState(today);
  const [from, to] = energyRange(by, anchor, firstYear);
  return { by, setBy, anchor, setAnchor, today, from, to };
}

export type EnergyView = ReturnType<typeof useEnergyView>;

/** Whose texts a history piece shows: the device's history's or the plant's history's section. */
export type HistoryTexts = 'history' | 'plantHistory';

/**
 * The energy view's period in words between a previous and a next button (none for the
 * years, all shown at once); next stops before a period that starts after today.
 */
export function PeriodSteps({
  view: { by, anchor, setAnchor, today },
  period,
  texts,
}: {
  view: EnergyView;
  period: string;
  texts: HistoryTexts;
}) {
  const { t } = useI18n();
  return (
    <div className="d-flex align-items-center gap-2 mb-2">
      {by !== 'year' && (
        <Step
          label={t(`${texts}.Previous`)}
          step={-1}
          onClick={() => setAnchor(shiftAnchor(by, anchor, -1))}
        />
      )}
      <h3 className="h6 mb-0" data-energy-period="">
        {period}
      </h3>
      {by !== 'year' && (
        <Step
          label={t(`${texts}.Next`)}
          step={1}
          disabled={shiftAnchor(by, anchor, 1) > today}
          onClick={() => setAnchor(shiftAnchor(by, anchor, 1))}
        />
      )}
    </div>
  );
}

/** The views' names as the text keys end (`ByDay`, `SummaryMonth`, ...). */
export const BY_TEXT = { day: 'Day', month: 'Month', year: 'Year' } as const;

/** The choice of view: days of a month, months of a year, or the years. */
export function BySelect({
  id,
  texts,
  value,
  onChange,
}: {
  id: string;
  texts: HistoryTexts;
  value: EnergyBy;
  onChange: (by: EnergyBy) => void;
}) {
  const { t } = useI18n();
  return (
    <SelectField
      id={id}
      label={t(`${texts}.By`)}
      value={value}
      onChange={onChange}
      options={(['day', 'month', 'year'] as const).map((by) => ({
        value: by,
        label: t(`${texts}.By${BY_TEXT[by]}`),
      }))}
    />
  );
}
