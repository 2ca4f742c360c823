// The companion's alerts (issue 31), measured against the real emulator and the companion as
// built for installing, with a local webhook receiver: the time from a fault made on purpose
// to the message received, per rule, and the alerts raised over a simulated week with no
// fault at all. Figures only: nothing here passes or fails on time.
import { log } from '../lib/bundles';
import { buildCompanion } from '../lib/companion-build';
import { fmt, type Row } from '../lib/table';
import { FAULT_SPEED, measureFaults, NOON } from './alerts-faults';
import { measureWeek, WEEK_INVERTERS, WEEK_SPEED } from './alerts-week';

// `|| 0`: no "-0" for a time just under its threshold.
const seconds = (value: number): string => (Math.round(value) || 0).toFixed(0);

export async function alertRows(): Promise<Row[]> {
  const server = await buildCompanion();
  log(`  faults at a simulated noon, device and companion --speed ${FAULT_SPEED}`);
  const faults = await measureFaults(server);
  log(`  a simulated week, --speed ${WEEK_SPEED}`);
  const week = await measureWeek(server);
  const rows: Row[] = [];
  for (const figure of faults) {
    const threshold = figure.thresholdMinutes * 60;
    const excess = figure.deviceSeconds === undefined ? undefined : figure.deviceSeconds - threshold;
    const real =
      figure.realClock && excess !== undefined
        ? `; ${seconds(excess / FAULT_SPEED)} real s: ${figure.realClock}`
        : '';
    rows.push(
      {
        name: `Alerts: ${figure.rule}, fault to message received (device s)`,
        ours: figure.deviceSeconds,
        format: seconds,
        note:
          `${figure.fault}; ${figure.thresholdNote}` +
          (figure.thresholdMinutes ? ` ${figure.thresholdMinutes} min` : '') +
          `; --speed ${FAULT_SPEED} at ${NOON.slice(11)}, webhook`,
      },
      {
        name: `Alerts: ${figure.rule}, past its threshold (device s)`,
        ours: excess,
        format: seconds,
        note: `threshold ${threshold} s; goal under 30 s${real}`,
      },
    );
  }
  const { weather } = week;
  rows.push({
    name: 'Alerts: raised over a simulated week, no fault (count)',
    ours: week.raised - week.gridEvents,
    format: fmt.count,
    note:
      `${week.days} days and ${week.nights} nights, ${weather.clear} clear, ${weather['partly-cloudy']} partly cloudy, ` +
      `${weather.overcast} overcast; ${WEEK_INVERTERS} HMT-2250-6T; default thresholds; --speed ${WEEK_SPEED}, ${Math.round(week.realSeconds)} s; goal 0`,
  });
  for (const [rule, count] of Object.entries(week.byRule))
    rows.push({ name: `Alerts: of them ${rule} (count)`, ours: count, format: fmt.count });
  rows.push(
    {
      name: "Alerts: the emulator's own grid disturbances told (count)",
      ours: week.gridEvents,
      format: fmt.count,
      note: `event log entries the virtual inverters made by chance (real events); ${week.messages} messages received in all`,
    },
    {
      name: 'Alerts: watched hours judged over the week (%)',
      ours: week.judgedShare * 100,
      format: (value) => value.toFixed(0),
      note: `the companion re-reads the sun times every 30 real s (${(WEEK_SPEED / 120).toFixed(1)} device h here)`,
    },
  );
  return rows;
}
