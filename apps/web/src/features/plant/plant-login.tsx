import type { PlantAnswer } from '@opendtu/api';
import { storeUser, type Credentials } from '../../api/auth';
import { LoginForm } from '../../components/login-form';
import { useI18n } from '../../i18n/i18n-provider';
import { getPlant } from './plant-api';
import { failureText } from './plant-format';

/**
 * `use` with credentials, keeping them once it succeeds. The companion's root has no device
 * API to check a login on, so the request it is wanted for checks it; it is then kept as the
 * app's own login is, so the devices' apps, on the same origin, are logged in too.
 */
export const keptOnSuccess =
  <T,>(use: (credentials: Credentials) => Promise<T>) =>
  async (credentials: Credentials): Promise<T> => {
    const answer = await use(credentials);
    storeUser(credentials.username, credentials.password);
    return answer;
  };

/** The login the plant asks for when a device requires one for reading: checked on the plant answer itself. */
export function PlantLogin({ onLoggedIn }: { onLoggedIn: (answer: PlantAnswer) => void }) {
  const { t } = useI18n();
  return (
    <LoginForm
      check={keptOnSuccess((credentials) => getPlant(undefined, credentials))}
      onLoggedIn={onLoggedIn}
      title={t('plant.LoginTitle')}
      hint={t('plant.LoginHint')}
      failed={(error) => t('plant.Failed', { error: failureText(t, error) })}
    />
  );
}
