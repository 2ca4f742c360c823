import type { ControlAnswer } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatMeasure } from '../../lib/format';
import { STATUS_VARIANT, statusKey } from './control-words';
import { TableHead } from '../../components/table-head';
import { Card } from '../../components/card';

/**
 * Each controlled inverter: its output, the limit the controller holds it at (or its own,
 * before any command) with that command's answer, and whether it takes a share now.
 */
export function ControlInverters({
  control,
  names,
}: {
  control: ControlAnswer;
  names: Readonly<Record<string, string>>;
}) {
  const { t, locale } = useI18n();
  const w = (value: number | null) => (value === null ? '–' : formatMeasure(locale, value, 'W', 0));
  return (
    <Card title={t('control.Inverters')} small body={false}>
      {control.inverters.length === 0 ? (
        <p className="card-body mb-0">{t('control.NoInverters')}</p>
      ) : (
        <table className="table table-sm mb-0 small" data-control-inverters="">
          <TableHead
            columns={[
              [t('control.Inverter')],
              [t('control.Output'), 'text-end'],
              [t('control.Limit'), 'text-end'],
            ]}
          />
          <tbody>
            {control.inverters.map((inverter) => (
              <tr key={inverter.serial} data-serial={inverter.serial}>
                <th scope="row" className="fw-normal text-break">
                  {names[inverter.serial] ?? inverter.serial}
                  <span className="d-block text-body-secondary">
                    {t('control.Rated', { power: w(inverter.max_power) })}
                    {!inverter.available && ` · ${t('control.Unavailable')}`}
                  </span>
                </th>
                <td className="text-end">{w(inverter.output_w)}</td>
                <td className="text-end">
                  {inverter.last ? w(inverter.last.limit_w) : w(inverter.before_w)}
                  <span className="d-block text-body-secondary">
                    {inverter.last ? (
                      <span className={`badge ${STATUS_VARIANT[inverter.last.status]}`}>
                        {t(statusKey(inverter.last.status))}
                      </span>
                    ) : (
                      t('control.OwnLimit')
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="card-footer small text-body-secondary mb-0">{t('control.BeforeNote')}</p>
    </Card>
  );
}
