import type { PlantAnswer } from '@opendtu/api';
import { useState, type FormEvent } from 'react';
import { storeUser } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/api-alert';
import { controlProps, Field } from '../../components/field';
import { useI18n } from '../../i18n/i18n-provider';
import { getPlant } from './plant-api';

/**
 * The login the plant asks for when a device requires one for reading. It checks the
 * credentials on the plant answer itself (there is no device API at the companion's root)
 * and keeps them as the app's own login does, so the devices' apps, on the same origin,
 * are logged in too.
 */
export function PlantLogin({ onLoggedIn }: { onLoggedIn: (answer: PlantAnswer) => void }) {
  const { t } = useI18n();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [validated, setValidated] = useState(false);
  const [failure, setFailure] = useState<'credentials' | ApiError>();
  const [busy, setBusy] = useState(false);

  const usernameError = username === '' ? t('login.UsernameRequired') : undefined;
  const passwordError = password === '' ? t('login.PasswordRequired') : undefined;
  const shown = (error: string | undefined) => (validated ? error : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setValidated(true);
    if (usernameError || passwordError) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await getPlant(undefined, { username, password });
      storeUser(username, password);
      onLoggedIn(answer);
    } catch (error) {
      // Only a refusal means a wrong password; anything else is the server's trouble.
      setFailure(error instanceof ApiError && error.status !== 401 ? error : 'credentials');
      setBusy(false);
    }
  }

  return (
    <form className="card login-card" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2 className="card-header h5">{t('plant.LoginTitle')}</h2>
      <div className="card-body">
        <p>{t('plant.LoginHint')}</p>
        {failure && (
          <Alert variant="danger" onClose={() => setFailure(undefined)}>
            {failure === 'credentials'
              ? t('login.InvalidCredentials')
              : t('plant.Failed', {
                  error: failure.message || t('base.HttpError', { status: failure.status }),
                })}
          </Alert>
        )}
        <Field id="plant-username" label={t('login.Username')} error={shown(usernameError)}>
          <input
            {...controlProps('plant-username', shown(usernameError))}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            // The device's user name has no spaces (as on the login page).
            onChange={(event) => setUsername(event.target.value.replace(/\s/g, ''))}
          />
        </Field>
        <Field id="plant-password" label={t('login.Password')} error={shown(passwordError)}>
          <input
            {...controlProps('plant-password', shown(passwordError))}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('login.LoginButton')}
        </button>
      </div>
    </form>
  );
}
