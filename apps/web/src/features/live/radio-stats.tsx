import { familyOf, type LiveInverterFull, type RadioStats } from '@opendtu/api';
import { useId, useState } from 'react';
import { useLoggedIn } from '../../api/auth';
import { useDeviceAway } from '../../api/connection';
import { resetRadioStats } from '../../api/inverter';
import { useToast } from '../../components/toast';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber, formatPercent } from '../../lib/format';

/**
 * HM inverters (and HERF, on the same NRF24 radio) only tell whether the signal is above
 * or below -64 dBm (spec §9). The model decides, not the value: an HMS may measure -80.
 */
const isCoarseRssi = (serial: string): boolean => familyOf(serial)?.radio === 'nrf';

/** Shares of the answers that arrived intact from which the link counts as good or fair. */
const VERDICTS: [number, string][] = [
  [95, 'home.RadioGood'],
  [80, 'home.RadioFair'],
  [0, 'home.RadioPoor'],
];

/**
 * The collapsible radio statistics of one inverter, with a reset, and a verdict in words
 * on the link: how many of the answers arrived intact (requests without any answer are
 * also the inverter sleeping at dusk, so they do not count against the radio).
 */
export function RadioStatsTable({ inverter, stats }: { inverter: LiveInverterFull; stats: RadioStats }) {
  const { t, locale } = useI18n();
  const loggedIn = useLoggedIn();
  const away = useDeviceAway();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const bodyId = useId();
  const share = (count: number) =>
    stats.tx_request > 0 ? formatPercent(locale, (count / stats.tx_request) * 100, 1) : '';
  const answers = stats.rx_success + stats.rx_fail_partial + stats.rx_fail_corrupt;
  const intact = answers > 0 ? (stats.rx_success / answers) * 100 : undefined;
  const verdict =
    intact !== undefined &&
    t('home.RadioLink', {
      verdict: t(VERDICTS.find(([least]) => intact >= least)![1]),
      share: formatPercent(locale, intact, 1),
    });
  const rows: [string, number, boolean][] = [
    ['home.TxRequest', stats.tx_request, false],
    ['home.RxSuccess', stats.rx_success, true],
    ['home.RxFailNothing', stats.rx_fail_nothing, true],
    ['home.RxFailPartial', stats.rx_fail_partial, true],
    ['home.RxFailCorrupt', stats.rx_fail_corrupt, true],
    ['home.TxReRequest', stats.tx_re_request, true],
  ];
  const reset = () => {
    setBusy(true);
    void resetRadioStats(inverter.serial)
      .then(toast.showResponse)
      .finally(() => setBusy(false));
  };
  return (
    <div className="card mt-3">
      <div className="card-header p-0">
        <h3 className="h6 mb-0">
          <button
            type="button"
            className="btn btn-link w-100 text-start text-decoration-none"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'} {t('home.RadioStats')}
            {verdict && <span className="d-block small text-body">{verdict}</span>}
          </button>
        </h3>
      </div>
      {open && (
        <div id={bodyId} className="card-body">
          <table className="table table-sm" style={{ maxWidth: '40rem' }}>
            <tbody>
              {rows.map(([key, count, withShare]) => (
                <tr key={key}>
                  <th scope="row" className="fw-normal">
                    {t(key)}
                  </th>
                  <td className="text-end">{formatNumber(locale, count)}</td>
                  <td className="text-end text-body-secondary">{withShare ? share(count) : ''}</td>
                </tr>
              ))}
              {stats.rssi !== undefined && (
                <tr>
                  <th scope="row" className="fw-normal">
                    {t('home.Rssi')}
                  </th>
                  <td className="text-end">{t('home.dBm', { dbm: formatNumber(locale, stats.rssi) })}</td>
                  <td className="text-end text-body-secondary">
                    {isCoarseRssi(inverter.serial) ? t('home.RssiHint') : ''}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <span title={loggedIn ? undefined : t('home.LoginRequired')}>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={!loggedIn || busy || away}
              onClick={reset}
            >
              {busy ? t('home.StatsResetting') : t('home.StatsReset')}
            </button>
          </span>
          {away && <small className="ms-2 text-body-secondary">{t('connection.CommandsOff')}</small>}
        </div>
      )}
    </div>
  );
}
