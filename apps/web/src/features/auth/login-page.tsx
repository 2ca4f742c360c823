import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { login } from '../../api/security';
import { Alert } from '../../components/api-alert';
import { controlProps, Field } from '../../components/field';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { safeReturnUrl } from '../../lib/route-paths';

/**
 * Login (spec §2, §5): both fields required with inline messages, no spaces in the user
 * name, 'invalid credentials' as an alert; success goes to `returnUrl` (default /).
 */
export function LoginPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const returnUrl = safeReturnUrl(new URLSearchParams(useSearch()).get('returnUrl'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [strippedSpace, setStrippedSpace] = useState(false);
  const [validated, setValidated] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const usernameError = username === '' ? t('login.UsernameRequired') : undefined;
  const passwordError = password === '' ? t('login.PasswordRequired') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setValidated(true);
    if (usernameError || passwordError) return;
    setBusy(true);
    setFailed(false);
    try {
      await login(username, password);
      navigate(returnUrl);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  // Messages appear once the user has tried to log in.
  const shown = (error: string | undefined) => (validated ? error : undefined);

  return (
    <PageFrame title={t('login.Login')}>
      {failed && (
        <Alert variant="danger" onClose={() => setFailed(false)}>
          {t('login.InvalidCredentials')}
        </Alert>
      )}
      <form className="card login-card" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 className="card-header h5">{t('login.SystemLogin')}</h2>
        <div className="card-body">
          <Field
            id="login-username"
            label={t('login.Username')}
            error={shown(usernameError)}
            hint={strippedSpace ? t('login.UsernameNoSpaces') : undefined}
          >
            <input
              {...controlProps('login-username', shown(usernameError))}
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
                setStrippedSpace(value !== event.target.value);
                setUsername(value);
              }}
            />
          </Field>
          <Field id="login-password" label={t('login.Password')} error={shown(passwordError)}>
            <input
              {...controlProps('login-password', shown(passwordError))}
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
    </PageFrame>
  );
}
