import { useState } from 'react';
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

/**
 * The energy view's period in words between a previous and a next button (none for the
 * years, all shown at once); next stops before a period that starts after today.
 */
export function PeriodSteps({
  view: { by, anchor, setAnchor, today },
  period,
  labels,
}: {
  view: EnergyView;
  period: string;
  labels: { previous: string; next: string };
}) {
  return (
    <div className="d-flex align-items-center gap-2 mb-2">
      {by !== 'year' && (
        <Step label={labels.previous} step={-1} onClick={() => setAnchor(shiftAnchor(by, anchor, -1))} />
      )}
      <h3 className="h6 mb-0" data-energy-period="">
        {period}
      </h3>
      {by !== 'year' && (
        <Step
          label={labels.next}
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
  label,
  value,
  onChange,
  optionLabel,
}: {
  id: string;
  label: string;
  value: EnergyBy;
  onChange: (by: EnergyBy) => void;
  optionLabel: (by: EnergyBy) => string;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      options={(['day', 'month', 'year'] as const).map((by) => ({ value: by, label: optionLabel(by) }))}
    />
  );
}
