/**
 * What the live frames tell the alert rules: each inverter's data, production, peak and
 * temperature, and its strings in good light. Pure bookkeeping; the rules judge from it.
 */
import { isLiveInverterFull, readLiveInverters } from '@opendtu/api';
import { samplesOf } from '../recorder/sample';
import { judgedNow, type AlertSettings, type InverterSeen } from './rules';
import { trackStrings, type StringSeen } from './string-rule';
import { trackTemperature } from './threshold-rules';

/** Device ms without production after which an inverter's next production is a new day. */
const NIGHT_MS = 3 * 3_600_000;

export class FramesIn {
  readonly inverters = new Map<string, InverterSeen>();
  readonly strings = new Map<string, StringSeen>();

  /** Takes a frame that arrived at device time `now`; strings only in the judged hours. */
  take(
    text: string,
    now: number,
    settings: AlertSettings,
    daylight: { from: number; to: number } | undefined,
  ): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    const hot = settings.rules['inverter-hot'].threshold ?? Infinity;
    for (const sample of samplesOf(frame, now)) {
      const producing = sample.producing || (sample.ac ?? 0) > 0;
      let seen = this.inverters.get(sample.serial);
      if (!seen) {
        seen = {
          serial: sample.serial,
          name: sample.name,
          dataAt: sample.t,
          producedAt: producing ? sample.t : undefined,
          firstSeen: now,
        };
        this.inverters.set(sample.serial, seen);
      } else {
        seen.name = sample.name;
        seen.dataAt = Math.max(seen.dataAt, sample.t);
        // Waking after a night (hours without production): today's peak starts again.
        if (producing && (seen.producedAt === undefined || sample.t - seen.producedAt > NIGHT_MS))
          seen.peakW = undefined;
        if (producing) seen.producedAt = Math.max(seen.producedAt ?? sample.t, sample.t);
      }
      if (producing && sample.ac !== null) {
        seen.producedW = sample.ac;
        seen.peakW = Math.max(seen.peakW ?? 0, sample.ac);
      }
      seen.reachable = sample.reachable;
      trackTemperature(seen, sample.temperature, sample.t, hot);
    }
    if (!daylight || !judgedNow({ now, daylight })) return;
    const share = settings.rules['string-weak'].threshold ?? 0.5;
    const noon = (daylight.from + daylight.to) / 2;
    for (const inverter of readLiveInverters(frame)) {
      if (!isLiveInverterFull(inverter) || !inverter.DC) continue;
      const name = typeof inverter.name === 'string' ? inverter.name : inverter.serial;
      trackStrings(
        this.strings,
        { serial: inverter.serial, name, dc: inverter.DC },
        Math.round(now - inverter.data_age_ms),
        share,
        noon,
      );
    }
  }
}
