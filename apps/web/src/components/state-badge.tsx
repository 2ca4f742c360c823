import { isLiveInverterFull, type LiveInverterCommon } from '@opendtu/api';
import { useNight } from '../api/device-time';
import { useI18n } from '../i18n/i18n-provider';
import { formatNumber } from '../lib/format';
import { inverterState, STATE_BADGE, STATE_GLYPH, STATE_TEXT } from './inverter-status';

/**
 * The inverter's state as colour, a glyph and (for screen readers, and in full when
 * `wide`) a word, with its AC power when known and `withPower`; `noClock` while the
 * device says its time is not set (the live data's hint time_sync).
 */
export function StateBadge({
  inverter,
  wide = false,
  withPower = true,
  noClock = false,
}: {
  inverter: LiveInverterCommon;
  wide?: boolean;
  withPower?: boolean;
  noClock?: boolean | undefined;
}) {
  const { t, locale } = useI18n();
  const state = inverterState(inverter, useNight(), noClock);
  const power = withPower && isLiveInverterFull(inverter) ? inverter.AC['0']?.Power : undefined;
  const word = t(STATE_TEXT[state]);
  return (
    // In full, the words may wrap: on a 320 px phone a long state must not widen the page.
    <span
      className={`badge ${STATE_BADGE[state]}${wide ? ' text-wrap' : ''}`}
      title={word}
      data-state={state}
    >
      <span aria-hidden="true">{STATE_GLYPH[state]} </span>
      {wide ? word : <span className="visually-hidden">{word}</span>}
      {power && (
        <>
          {wide ? ' · ' : ' '}
          {formatNumber(locale, power.v, 0)} {power.u}
        </>
      )}
    </span>
  );
}
