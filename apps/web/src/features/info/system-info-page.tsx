import { useCallback } from 'react';
import { getSystemStatus } from '../../api/system';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';

/** System information (the full screen arrives with its own issue). */
export function SystemInfoPage() {
  const { t } = useI18n();
  const load = useCallback((signal: AbortSignal) => getSystemStatus({ signal }), []);
  const { data: status, isLoading, reload } = useApiData(load);
  return (
    <PageFrame title={t('systeminfo.SystemInfo')} isLoading={isLoading && !status} onReload={reload}>
      {status && (
        <div className="table-responsive">
          <table className="table table-hover">
            <tbody>
              <tr>
                <th scope="row">{t('firmwareinfo.Hostname')}</th>
                <td>{status.hostname}</td>
              </tr>
              <tr>
                <th scope="row">{t('firmwareinfo.FirmwareVersion')}</th>
                <td>{status.git_hash}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </PageFrame>
  );
}
