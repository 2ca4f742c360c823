import type { LiveHints } from '@opendtu/api';
import { Link } from '../../components/router';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';

/** Warnings the device raises about itself (spec §2, §8 "Hints"). */
export function HintBanners({ hints }: { hints: LiveHints }) {
  const { t, tm } = useI18n();
  // A hint with the way to its settings.
  const linked = (key: string, linkKey: string, href: string) => (
    <Alert variant="danger">
      {tm(key)}{' '}
      <Link href={href} className="alert-link">
        {t(linkKey)}
      </Link>
    </Alert>
  );
  return (
    <>
      {hints.radio_problem && <Alert variant="danger">{tm('hints.RadioProblem')}</Alert>}
      {hints.time_sync && linked('hints.TimeSync', 'hints.TimeSyncLink', '/settings/ntp')}
      {hints.default_password &&
        linked('hints.DefaultPassword', 'hints.DefaultPasswordLink', '/settings/security')}
      {hints.pin_mapping_issue && <Alert variant="danger">{tm('hints.PinMappingIssue')}</Alert>}
    </>
  );
}
