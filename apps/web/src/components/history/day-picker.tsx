import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { shiftDay } from '../../lib/energy';
import type { HistoryTexts } from './period-steps';
import { Step } from '../step';

/**
 * A day to pick: the date field between a previous and a next button, never after `today`
 * (a date typed past it becomes today). The history and the plant history show one each.
 */
export function DayPicker({
  day,
  today,
  onDay,
  texts,
}: {
  day: string;
  today: string;
  onDay: (day: string) => void;
  texts: HistoryTexts;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="d-flex align-items-end gap-2 mb-2">
      <Step label={t(`${texts}.PreviousDay`)} step={-1} onClick={() => onDay(shiftDay(day, -1))} />
      <div>
        <label htmlFor={id} className="form-label small mb-1">
          {t(`${texts}.Day`)}
        </label>
        <input
          id={id}
          type="date"
          className="form-control"
          value={day}
          max={today}
          required
          onChange={(event) => {
            const picked = event.target.value;
            if (picked) onDay(picked > today ? today : picked);
          }}
        />
      </div>
      <Step
        label={t(`${texts}.NextDay`)}
        step={1}
        disabled={day >= today}
        onClick={() => onDay(shiftDay(day, 1))}
      />
    </div>
  );
}
