import { useI18n } from '../../i18n/i18n-provider';
import type { VersionCheck } from './use-version-check';

/** The outcome of the version check: newer (with a link), up to date, or failed. */
export function VersionCheckBadge({ check }: { check: VersionCheck }) {
  const { t } = useI18n();
  switch (check.state) {
    case 'off':
      return null;
    case 'checking':
      return (
        <span className="spinner-border spinner-border-sm" role="status">
          <span className="visually-hidden">{t('base.Loading')}</span>
        </span>
      );
    case 'newer':
      return (
        <a className="badge text-bg-danger" href={check.url} target="_blank" rel="noopener noreferrer">
          {t('systeminfo.VersionNew')}
        </a>
      );
    case 'current':
      return <span className="badge text-bg-success">{t('systeminfo.VersionOk')}</span>;
    case 'failed':
      return (
        <span className="badge text-bg-secondary text-wrap">
          {t('systeminfo.VersionError')} ({check.error})
        </span>
      );
  }
}

/** Asks once whether the version check may contact the public code-hosting service. */
export function VersionPermissionCard({ onAnswer }: { onAnswer: (allow: boolean) => void }) {
  const { t } = useI18n();
  return (
    <div className="alert alert-info" role="region" aria-label={t('firmwareinfo.FirmwareUpdate')}>
      <h2 className="h6 alert-heading">{t('firmwareinfo.FirmwareUpdate')}</h2>
      <p>{t('firmwareinfo.FirmwareUpdateHint')}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => onAnswer(true)}>
          {t('firmwareinfo.AllowCheck')}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onAnswer(false)}>
          {t('firmwareinfo.DenyCheck')}
        </button>
      </div>
    </div>
  );
}
