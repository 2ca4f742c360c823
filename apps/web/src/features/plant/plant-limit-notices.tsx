import type { ApiError } from '../../api/client';
import { Alert } from '../../components/api-alert';
import { LoginForm } from '../../components/login-form';
import { useI18n } from '../../i18n/i18n-provider';
import type { Credentials } from '../../api/auth';
import { failureText } from './plant-format';
import { keptOnSuccess } from './plant-login';

/**
 * What stands between the plant limit dialog and its inverters: the companion's refusal of
 * the parts sent, with the login right there when it was for want of one (a plant readable
 * without a login leaves the owner with none stored), and a failure to read the states.
 */
export function PlantLimitNotices({
  refusal,
  dismissRefusal,
  sendWithLogin,
  statusError,
}: {
  refusal: ApiError | undefined;
  dismissRefusal: () => void;
  sendWithLogin: ((credentials: Credentials) => Promise<void>) | undefined;
  statusError: ApiError | undefined;
}) {
  const { t } = useI18n();
  const reason = (failure: ApiError) => failureText(t, failure);
  return (
    <>
      {refusal && (
        <Alert variant="danger" onClose={dismissRefusal}>
          {refusal.status === 401
            ? t('plant.LimitRefused')
            : t('plant.LimitNotSent', { error: reason(refusal) })}
        </Alert>
      )}
      {sendWithLogin && (
        <LoginForm
          inDialog
          check={keptOnSuccess(sendWithLogin)}
          title={t('plant.LimitLoginTitle')}
          hint={t('plant.LimitLoginHint')}
          failed={(failure) => t('plant.LimitNotSent', { error: reason(failure) })}
        />
      )}
      {statusError && (
        <Alert variant="warning">
          {statusError.status === 401
            ? t('login.InvalidCredentials')
            : t('plant.LimitStatusFailed', { error: reason(statusError) })}
        </Alert>
      )}
    </>
  );
}
