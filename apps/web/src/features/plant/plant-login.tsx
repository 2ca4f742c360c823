import type { PlantAnswer } from '@opendtu/api';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { storeUser } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/api-alert';
import { controlProps, Field } from '../../components/field';
import { useI18n } from '../../i18n/i18n-provider';
import { getPlant, type Credentials } from './plant-api';

export interface PlantLoginFormProps<T> {
  /**
   * Uses the credentials for what the login is wanted for. A refusal (401) means a wrong
   * login; they are stored only once it resolves.
   */
  check: (credentials: Credentials) => Promise<T>;
  onLoggedIn?: (answer: T) => void;
  title: string;
  hint: string;
  /** The words for a failure that is not a refusal. */
  failed: (error: ApiError) => string;
  /** The heading's level and the form's look: a card of the page, or a part of a dialog. */
  inDialog?: boolean;
}

/**
 * A login on the plant's pages. The companion's root has no device API to check it on, so
 * the credentials are checked by the request they are wanted for, and then kept as the
 * app's own login does, so the devices' apps, on the same origin, are logged in too. In a
 * dialog it appears in place of what was asked, so focus moves to its first field.
 */
export function PlantLoginForm<T>({
  check,
  onLoggedIn,
  title,
  hint,
  failed,
  inDialog,
}: PlantLoginFormProps<T>) {
  const { t } = useI18n();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [validated, setValidated] = useState(false);
  const [failure, setFailure] = useState<'credentials' | ApiError>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (inDialog) first.current?.focus();
  }, [inDialog]);

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
      const answer = await check({ username, password });
      storeUser(username, password);
      onLoggedIn?.(answer);
    } catch (error) {
      // Only a refusal means a wrong password; anything else is the server's trouble.
      setFailure(error instanceof ApiError && error.status !== 401 ? error : 'credentials');
      setBusy(false);
    }
  }

  const Heading = inDialog ? 'h3' : 'h2';
  return (
    <form
      className={inDialog ? 'card mb-3' : 'card login-card'}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Heading className={`card-header ${inDialog ? 'h6' : 'h5'}`} id={`${id}-title`}>
        {title}
      </Heading>
      <div className="card-body">
        <p>{hint}</p>
        {failure && (
          <Alert variant="danger" onClose={() => setFailure(undefined)}>
            {failure === 'credentials' ? t('login.InvalidCredentials') : failed(failure)}
          </Alert>
        )}
        <Field id={`${id}-username`} label={t('login.Username')} error={shown(usernameError)}>
          <input
            {...controlProps(`${id}-username`, shown(usernameError))}
            ref={first}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            // The device's user name has no spaces (as on the login page).
            onChange={(event) => setUsername(event.target.value.replace(/\s/g, ''))}
          />
        </Field>
        <Field id={`${id}-password`} label={t('login.Password')} error={shown(passwordError)}>
          <input
            {...controlProps(`${id}-password`, shown(passwordError))}
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

/** The login the plant asks for when a device requires one for reading: checked on the plant answer itself. */
export function PlantLogin({ onLoggedIn }: { onLoggedIn: (answer: PlantAnswer) => void }) {
  const { t } = useI18n();
  return (
    <PlantLoginForm
      check={(credentials) => getPlant(undefined, credentials)}
      onLoggedIn={onLoggedIn}
      title={t('plant.LoginTitle')}
      hint={t('plant.LoginHint')}
      failed={(error) =>
        t('plant.Failed', { error: error.message || t('base.HttpError', { status: error.status }) })
      }
    />
  );
}
