import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Credentials } from '../api/auth';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n-provider';
import { Alert } from './api-alert';
import { controlProps, Field } from './field';

export interface LoginFormProps<T> {
  /**
   * Checks the credentials (and keeps them once they hold). A refusal (401) means a wrong
   * login; any other failure is the server's, said by `failed`.
   */
  check: (credentials: Credentials) => Promise<T>;
  onLoggedIn?: (answer: T) => void;
  title: string;
  /** Why a login is asked for here. */
  hint?: string;
  /** The words for a failure that is not a refusal. */
  failed: (error: ApiError) => string;
  /** The heading's level and the form's look: a card of the page, or a part of a dialog. */
  inDialog?: boolean;
}

/**
 * A login (spec §2, §5): both fields required with inline messages once tried, no spaces
 * in the user name (a space typed or pasted is dropped and the hint says why), 'Invalid
 * credentials' for a refused login, the server's trouble in other words. In a dialog it
 * appears in place of what was asked, so focus moves to its first field.
 */
export function LoginForm<T>({ check, onLoggedIn, title, hint, failed, inDialog }: LoginFormProps<T>) {
  const { t } = useI18n();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [strippedSpace, setStrippedSpace] = useState(false);
  const [validated, setValidated] = useState(false);
  const [failure, setFailure] = useState<ApiError | 'refused'>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (inDialog) first.current?.focus();
  }, [inDialog]);

  // Messages appear once the user has tried to log in.
  const usernameError = validated && username === '' ? t('login.UsernameRequired') : undefined;
  const passwordError = validated && password === '' ? t('login.PasswordRequired') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setValidated(true);
    if (!username || !password) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await check({ username, password });
      onLoggedIn?.(answer);
    } catch (error) {
      // Only a refusal means a wrong password; anything else is the server's trouble.
      setFailure(error instanceof ApiError && error.status !== 401 ? error : 'refused');
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
        {hint && <p>{hint}</p>}
        {failure && (
          <Alert variant="danger" onClose={() => setFailure(undefined)}>
            {failure === 'refused' ? t('login.InvalidCredentials') : failed(failure)}
          </Alert>
        )}
        <Field
          id={`${id}-username`}
          label={t('login.Username')}
          error={usernameError}
          hint={strippedSpace ? t('login.UsernameNoSpaces') : undefined}
        >
          <input
            {...controlProps(`${id}-username`, usernameError)}
            ref={first}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onKeyDown={(event) => {
              if (event.key === ' ') {
                event.preventDefault();
                setStrippedSpace(true);
              }
            }}
            onChange={(event) => {
              const value = event.target.value.replace(/\s/g, '');
              // Once a space was dropped the hint stays: the next letter typed would hide it.
              if (value !== event.target.value) setStrippedSpace(true);
              setUsername(value);
            }}
          />
        </Field>
        <Field id={`${id}-password`} label={t('login.Password')} error={passwordError}>
          <input
            {...controlProps(`${id}-password`, passwordError)}
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
