import { useId } from 'react';
import { shiftDay } from '../../lib/energy';
import { Step } from '../step';

/**
 * A day to pick: the date field between a previous and a next button, never after `today`
 * (a date typed past it becomes today). The history and the plant history show one each.
 */
export function DayPicker({
  day,
  today,
  onDay,
  labels,
}: {
  day: string;
  today: string;
  onDay: (day: string) => void;
  labels: { previous: string; day: string; next: string };
}) {
  const id = useId();
  return (
    <div className="d-flex align-items-end gap-2 mb-2">
      <Step label={labels.previous} step={-1} onClick={() => onDay(shiftDay(day, -1))} />
      <div>
        <label htmlFor={id} className="form-label small mb-1">
          {labels.day}
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
      <Step label={labels.next} step={1} disabled={day >= today} onClick={() => onDay(shiftDay(day, 1))} />
    </div>
  );
}
