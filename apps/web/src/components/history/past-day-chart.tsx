import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { DayCurve } from '../../lib/day-curve';
import { periodLabel } from '../../lib/energy';
import { formatMeasure } from '../../lib/format';
import { Alert } from '../api-alert';
import { slotTime } from '../chart/chart-plot';
import { PowerChart } from '../chart/power-chart';

/**
 * A recorded day's power (an inverter's history, the plant's): the chart under the day's
 * heading with its peak and a download, or in words why there is no curve.
 */
export function PastDayChart({
  day,
  curve,
  lines,
  keys,
  download,
  none,
}: {
  day: string;
  curve: DayCurve;
  /** The chart's legend and lines (inverters, or the plant's devices). */
  lines: readonly { serial: string; name: string }[];
  /** The screen's texts for the heading (`{day}`) and the peak (`{peak}` at `{at}`). */
  keys: { title: string; peak: string };
  download: () => void;
  /** Why the day has no curve. */
  none: ReactNode;
}) {
  const { t, locale } = useI18n();
  const { peak } = curve;
  return peak ? (
    <PowerChart
      key={day}
      curve={curve}
      inverters={lines}
      past={{
        title: t(keys.title, { day: periodLabel(locale, day) }),
        summary: t(keys.peak, { peak: formatMeasure(locale, peak.w, 'W', 0), at: slotTime(peak.slot) }),
        download,
      }}
    />
  ) : (
    <Alert variant="info" className="mt-3">
      {none}
    </Alert>
  );
}
