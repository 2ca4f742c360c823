import type { SetStatus } from '@opendtu/api';
import { useI18n } from '../i18n/i18n-provider';

const VARIANT: Record<SetStatus, string> = {
  Ok: 'text-bg-success',
  Pending: 'text-bg-warning',
  Failure: 'text-bg-danger',
  Unknown: 'text-bg-secondary',
};

/** The state of the last limit or power command (spec §4), in colour and words. */
export function SetStatusBadge({ status }: { status: SetStatus | undefined }) {
  const { t } = useI18n();
  const shown = status ?? 'Unknown';
  return (
    <span className={`badge ${VARIANT[shown] ?? VARIANT.Unknown}`} data-set-status={shown} role="status">
      {t(`home.${shown}`)}
    </span>
  );
}
