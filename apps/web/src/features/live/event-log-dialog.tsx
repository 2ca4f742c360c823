import { useCallback } from 'react';
import { getEventLog } from '../../api/inverter-info';
import { useApiData } from '../../api/use-api-data';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';
import { TableHead } from '../../components/table-head';

/** Seconds since local midnight as HH:MM:SS (the device counts event times that way). */
export function formatDaySeconds(seconds: number): string {
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}:${pad(seconds % 60)}`;
}

/** The inverter's alarms in the current language (contract §9.6). */
export function EventLogDialog({ inverter, onClose }: { inverter: LiveInverter; onClose: () => void }) {
  const { t, locale } = useI18n();
  const load = useCallback(() => getEventLog(inverter.serial, locale), [inverter.serial, locale]);
  const { data } = useApiData(load);
  const events = data && 'events' in data ? data.events : undefined;
  return (
    <Modal open size="lg" title={`${t('home.EventLog')}: ${inverter.name}`} onClose={onClose}>
      {!data ? (
        <Spinner />
      ) : !events || events.length === 0 ? (
        <p className="mb-0">{t('eventlog.NoEvents')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm table-striped mb-0">
            <TableHead
              columns={[
                [t('eventlog.Start')],
                [t('eventlog.Stop')],
                [t('eventlog.Id')],
                [t('eventlog.Message')],
              ]}
            />
            <tbody>
              {events.map((event, index) => (
                <tr key={index}>
                  <td>{formatDaySeconds(event.start_time)}</td>
                  <td>{event.end_time ? formatDaySeconds(event.end_time) : '–'}</td>
                  <td>{event.message_id}</td>
                  <td>{event.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
