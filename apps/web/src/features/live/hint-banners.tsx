import type { LiveHints } from '@opendtu/api';
import { Link } from '../../components/router';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';

/** Warnings the device raises about itself (spec §2, §8 "Hints"). */
export function HintBanners({ hints }: { hints: LiveHints }) {
  const { t, tm } = useI18n();
  return (
    <>
      {hints.radio_problem && <Alert variant="danger">{tm('hints.RadioProblem')}</Alert>}
      {hints.time_sync && (
        <Alert variant="danger">
          {tm('hints.TimeSync')}{' '}
          <Link href="/settings/ntp" className="alert-link">
            {t('hints.TimeSyncLink')}
          </Link>
        </Alert>
      )}
      {hints.default_password && (
        <Alert variant="danger">
          {tm('hints.DefaultPassword')}{' '}
          <Link href="/settings/security" className="alert-link">
            {t('hints.DefaultPasswordLink')}
          </Link>
        </Alert>
      )}
      {hints.pin_mapping_issue && <Alert variant="danger">{tm('hints.PinMappingIssue')}</Alert>}
    </>
  );
}
