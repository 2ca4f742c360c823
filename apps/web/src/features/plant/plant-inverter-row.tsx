import type { PlantInverter } from '@opendtu/api';
import { inverterState, STATE_BADGE, STATE_TEXT } from '../../components/inverter-status';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import { formatPower, formatYieldDay, NO_VALUE } from './plant-format';

/** Its state in a word on its colour; an offline device's inverters have none now. */
function StateBadge({ inverter, offline }: { inverter: PlantInverter; offline: boolean }) {
  const { t } = useI18n();
  const state = inverterState({
    poll_enabled: true,
    reachable: inverter.reachable,
    producing: inverter.producing,
  });
  const [badge, word] = offline
    ? ['text-bg-secondary', t('plant.DeviceOffline')]
    : [STATE_BADGE[state], t(STATE_TEXT[state])];
  return (
    <span className={`badge text-wrap ${badge}`} data-state={offline ? 'offline' : state}>
      {word}
    </span>
  );
}

/**
 * One inverter of the plant's list. The narrower the screen, the more goes into the first
 * cells instead of columns of their own (device below 768 px; state and limit below
 * 576 px), so a phone never scrolls sideways; what is not shown is display: none, hidden
 * from screen readers too.
 */
export function PlantInverterRow({ inverter, offline }: { inverter: PlantInverter; offline: boolean }) {
  const { t, locale } = useI18n();
  // Cells set their own colour in Bootstrap's tables: the grey goes on each of them.
  const cell = offline ? 'text-body-secondary' : '';
  const limit =
    inverter.limit_relative === null ? NO_VALUE : `${formatNumber(locale, inverter.limit_relative)} %`;
  const badge = <StateBadge inverter={inverter} offline={offline} />;
  return (
    <tr data-serial={inverter.serial} data-device={inverter.device} data-offline={offline || undefined}>
      <td className={`d-none d-md-table-cell text-break ${cell}`}>{inverter.device}</td>
      <td className={`text-break ${cell}`}>
        <div className="d-flex flex-wrap align-items-center column-gap-2">
          <span className="fw-semibold">{inverter.name}</span>
          <span className="d-sm-none">{badge}</span>
        </div>
        <div className="small">
          <span className="d-md-none">{inverter.device} · </span>
          <span className="visually-hidden">{t('plant.Serial')} </span>
          {inverter.serial}
        </div>
        {inverter.strings.length > 0 && (
          <ul className="list-inline small mb-0" aria-label={t('plant.Strings')}>
            {inverter.strings.map((string, index) => (
              <li key={index} className="list-inline-item">
                {string.name || t('plant.StringN', { n: index + 1 })}: {formatPower(locale, string.power_w)}
              </li>
            ))}
          </ul>
        )}
      </td>
      {/* Value and unit on one line: two short lines of a number read wrong. */}
      <td className={`text-end text-nowrap ${cell}`}>
        {formatPower(locale, inverter.power_w)}
        <div className="small d-sm-none">
          {t('plant.Limit')} {limit}
        </div>
      </td>
      <td className={`text-end text-nowrap ${cell}`}>{formatYieldDay(locale, inverter.yield_day_wh)}</td>
      <td className={`d-none d-sm-table-cell text-end ${cell}`}>{limit}</td>
      <td className={`d-none d-sm-table-cell ${cell}`}>{badge}</td>
    </tr>
  );
}
