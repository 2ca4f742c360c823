// The Control screen's chart of the day as the server keeps it: a minute a point, the
// meter's mean of the fresh readings in it (each counted once), the limits held at its end.
import { describe, expect, it } from 'vitest';
import { ControlDay } from '../src/control/day';

const T0 = Date.UTC(2026, 5, 21, 10, 0);
const at = (minutes: number, seconds = 0) => T0 + minutes * 60_000 + seconds * 1000;

describe('the controller day', () => {
  it('averages the readings of each minute once and keeps the limits held at its end', () => {
    const day = new ControlDay();
    const first = { powerW: -400, at: 1 };
    day.note(at(0, 5), first, 1200);
    // The same reading noted again (no new one arrived) is not counted twice.
    day.note(at(0, 10), first, 1200);
    day.note(at(0, 20), { powerW: -100, at: 2 }, 900);
    day.note(at(1, 0), undefined, 900);
    day.note(at(3, 59), { powerW: 12.34, at: 3 }, null);
    expect(day.answer()).toEqual({
      columns: ['t', 'meter_w', 'limits_w'],
      points: [
        [at(0), -250, 900],
        [at(1), null, 900],
        [at(3), 12.3, null],
      ],
    });
  });

  it('keeps 24 hours, and starts afresh when the device clock was set back', () => {
    const day = new ControlDay();
    for (let minute = 0; minute <= 1440; minute += 60) day.note(at(minute), undefined, minute);
    const points = day.answer().points;
    expect(points[0]![0]).toBe(at(60));
    expect(points.at(-1)).toEqual([at(1440), null, 1440]);
    day.note(at(30), { powerW: 5, at: 9 }, 800);
    expect(day.answer().points).toEqual([[at(30), 5, 800]]);
  });
});
