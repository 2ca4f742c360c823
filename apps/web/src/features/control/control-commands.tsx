import type { ControlCommand } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatClock, formatMeasure } from '../../lib/format';
import { STATUS_VARIANT, statusKey } from './control-words';
import { TableHead } from '../../components/table-head';
import { Card } from '../../components/card';

/** The controller's latest limits, newest first, each with what the inverter answered. */
export function ControlCommands({
  commands,
  names,
}: {
  commands: readonly ControlCommand[];
  names: Readonly<Record<string, string>>;
}) {
  const { t, locale } = useI18n();
  return (
    <Card title={t('control.Commands')} small body={false}>
      {commands.length === 0 ? (
        <p className="card-body mb-0">{t('control.NoCommands')}</p>
      ) : (
        <table className="table table-sm mb-0 small" data-control-commands="">
          <TableHead
            columns={[
              [t('control.Sent')],
              [t('control.Inverter')],
              [t('control.Limit'), 'text-end'],
              [t('control.Answer')],
            ]}
          />
          <tbody>
            {commands.map((command) => (
              <tr key={`${command.serial}-${command.sent}`}>
                <td>{formatClock(locale, Date.parse(command.sent), true)}</td>
                <td className="text-break">{names[command.serial] ?? command.serial}</td>
                <td className="text-end">
                  {formatMeasure(locale, command.limit_w, 'W', 0)}
                  <span className="d-block text-body-secondary">{t(`control.Reason_${command.reason}`)}</span>
                </td>
                <td>
                  <span className={`badge ${STATUS_VARIANT[command.status]}`} data-ack={command.status}>
                    {t(statusKey(command.status))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
