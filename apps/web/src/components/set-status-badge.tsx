import type { SetStatus } from '@opendtu/api';
import { useI18n } from '../i18n/i18n-provider';

/** Each state's colour and words (whole keys: the build writes them as indexes). */
const BADGE: Record<SetStatus, readonly [variant: string, key: string]> = {
  Ok: ['text-bg-success', 'home.Ok'],
  Pending: ['text-bg-warning', 'home.Pending'],
  Failure: ['text-bg-danger', 'home.Failure'],
  Unknown: ['text-bg-secondary', 'home.Unknown'],
};

/** The state of the last limit or power command (spec §4), in colour and words. */
export function SetStatusBadge({ status }: { status: SetStatus | undefined }) {
  const { t } = useI18n();
  const shown = status && BADGE[status] ? status : 'Unknown';
  const [variant, key] = BADGE[shown];
  return (
    <span className={`badge ${variant}`} data-set-status={shown} role="status">
      {t(key)}
    </span>
  );
}
