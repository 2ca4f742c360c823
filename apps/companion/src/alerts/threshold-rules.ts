/**
 * Rule 7, an inverter hotter than a set temperature (off by default), and rule 8, the
 * InfluxDB/VictoriaMetrics target refusing or unreachable: conditions with a start that
 * are told once they stood their minutes of judged time.
 */
import { alertKey, stoodLongEnough, type Finding, type InverterSeen, type WatchState } from './rules';
import type { AlertSettings } from './rules';

/** Takes one temperature reading of an inverter (device time `t`). */
export function trackTemperature(
  inverter: InverterSeen,
  temperature: number | null,
  t: number,
  limit: number,
): void {
  if (temperature === null) return;
  inverter.temperature = temperature;
  inverter.hotSince = temperature > limit ? (inverter.hotSince ?? t) : undefined;
}

export function judgeThresholds(
  state: WatchState & { influxFailingSince?: number | undefined },
  settings: AlertSettings,
): { standing: Finding[]; cleared: string[] } {
  const standing: Finding[] = [];
  const cleared: string[] = [];
  const hot = settings.rules['inverter-hot'];
  for (const inverter of state.inverters) {
    const key = alertKey('inverter-hot', inverter.serial);
    if (inverter.hotSince === undefined) cleared.push(key);
    else if (hot.enabled && stoodLongEnough(inverter.hotSince, hot.minutes, state))
      standing.push({
        key,
        rule: 'inverter-hot',
        inverter: { serial: inverter.serial, name: inverter.name },
        since: inverter.hotSince,
        reason: 'hot',
        detail: { value: inverter.temperature ?? 0 },
      });
  }
  const influx = settings.rules['influx-failing'];
  const influxKey = alertKey('influx-failing', null);
  if (state.influxFailingSince === undefined) cleared.push(influxKey);
  else if (influx.enabled && stoodLongEnough(state.influxFailingSince, influx.minutes, state))
    standing.push({
      key: influxKey,
      rule: 'influx-failing',
      inverter: null,
      since: state.influxFailingSince,
      reason: 'failing',
    });
  return { standing, cleared };
}
