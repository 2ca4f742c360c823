import type { LoadFailure } from '../api/load-failure';
import { useI18n } from '../i18n/i18n-provider';
import type { Translator } from '../i18n/runtime';
import { Alert } from './api-alert';

/** What a failed call means, in plain words: no answer, not logged in, or an error answer. */
export function failureText(t: Translator['t'], status: number): string {
  return t(
    status === 0
      ? 'Error.Unreachable'
      : status === 401 || status === 403
        ? 'Error.NotLoggedIn'
        : 'Error.DeviceError',
  );
}

/** The raw message and HTTP status, folded away: for a bug report, not for reading. */
export function FailureDetails({ message, status }: { message: string; status: number }) {
  const { t } = useI18n();
  return (
    <details className="small">
      <summary>{t('Error.Details')}</summary>
      <span>
        {message && `${message} · `}
        {t('Error.Status', { status })}
      </span>
    </details>
  );
}

/**
 * A screen's data could not be loaded (or a call failed): why, whether the page tries
 * again by itself (`auto`), a button to try now, and the raw detail folded away.
 */
export function LoadError({
  failure: { error, retry },
  auto = true,
}: {
  failure: LoadFailure;
  auto?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Alert variant="warning">
      <p>
        {failureText(t, error.status)} {auto && t('Error.Retrying')}
      </p>
      <button type="button" className="btn btn-sm btn-primary mb-2" onClick={retry}>
        {t('Error.TryAgain')}
      </button>
      <FailureDetails message={error.message} status={error.status} />
    </Alert>
  );
}
