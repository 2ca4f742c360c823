import type { LiveHints } from '@opendtu/api';
import { Link } from 'wouter';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';

/** Warnings the device raises about itself (spec §2, §8 "Hints"). */
export function HintBanners({ hints }: { hints: LiveHints }) {
  const { t } = useI18n();
  return (
    <>
      {hints.radio_problem && <Alert variant="danger">{t('hints.RadioProblem')}</Alert>}
      {hints.time_sync && (
        <Alert variant="danger">
          {t('hints.TimeSync')}{' '}
          <Link href="/settings/ntp" className="alert-link">
            {t('hints.TimeSyncLink')}
          </Link>
        </Alert>
      )}
      {hints.default_password && (
        <Alert variant="danger">
          {t('hints.DefaultPassword')}{' '}
          <Link href="/settings/security" className="alert-link">
            {t('hints.DefaultPasswordLink')}
          </Link>
        </Alert>
      )}
      {hints.pin_mapping_issue && <Alert variant="danger">{t('hints.PinMappingIssue')}</Alert>}
    </>
  );
}
