import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { SectionChanges } from './config-diff';
import { sectionLabel, settingLabel } from './config-labels';
import { TableHead } from '../../components/table-head';

export interface RestorePreviewProps {
  /** What the upload would change; null when the current settings could not be read. */
  changes: readonly SectionChanges[] | null;
  /** Whether the file would change the network settings at all (the option is offered then). */
  networkDiffers: boolean;
  keepNetwork: boolean;
  onKeepNetwork: (keep: boolean) => void;
}

const NONE = '—';

/** Before a config.json restore: what changes against the running settings, by section. */
export function RestorePreview({ changes, networkDiffers, keepNetwork, onKeepNetwork }: RestorePreviewProps) {
  const { t } = useI18n();
  const keepId = useId();
  return (
    <div className="mb-3">
      <h3 className="h6">{t('fileadmin.PreviewHeader')}</h3>
      {networkDiffers && (
        <div className="form-check mb-2">
          <input
            className="form-check-input"
            type="checkbox"
            id={keepId}
            checked={keepNetwork}
            onChange={(event) => onKeepNetwork(event.target.checked)}
            aria-describedby={`${keepId}-hint`}
          />
          <label className="form-check-label" htmlFor={keepId}>
            {t('fileadmin.KeepNetwork')}
          </label>
          <div className="form-text" id={`${keepId}-hint`}>
            {t('fileadmin.KeepNetworkHint')}
          </div>
        </div>
      )}
      {changes === null && <p className="text-body-secondary">{t('fileadmin.PreviewUnavailable')}</p>}
      {changes?.length === 0 && <p className="text-body-secondary">{t('fileadmin.PreviewSame')}</p>}
      {changes && changes.length > 0 && (
        <div className="table-responsive" style={{ maxHeight: '20rem', overflowY: 'auto' }}>
          <table className="table table-sm mb-0">
            <TableHead
              columns={[[t('fileadmin.Setting')], [t('fileadmin.Now')], [t('fileadmin.AfterRestore')]]}
            />
            {changes.map(({ section, changes: rows }) => (
              <tbody key={section} aria-labelledby={`${keepId}-${section}`}>
                <tr>
                  <th scope="rowgroup" id={`${keepId}-${section}`} colSpan={3} className="bg-body-tertiary">
                    {sectionLabel(t, section)}
                  </th>
                </tr>
                {rows.map((row) => (
                  <tr key={row.path}>
                    <th scope="row" className="fw-normal text-break">
                      {settingLabel(t, section, row.path)}
                    </th>
                    <td className="text-break">{row.before ?? NONE}</td>
                    <td className="text-break">{row.after ?? NONE}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </div>
  );
}
