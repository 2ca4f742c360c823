import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { login } from '../../api/security';
import { Alert } from '../../components/api-alert';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { safeReturnUrl } from '../../app/routes';

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

  const invalid = (error: string | undefined) => (validated && error ? ' is-invalid' : '');

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
          <div className="mb-3">
            <label htmlFor="login-username" className="form-label">
              {t('login.Username')}
            </label>
            <input
              id="login-username"
              className={`form-control${invalid(usernameError)}`}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              aria-invalid={validated && !!usernameError}
              aria-describedby="login-username-feedback"
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
            <div
              id="login-username-feedback"
              className={validated && usernameError ? 'invalid-feedback' : 'form-text'}
              aria-live="polite"
            >
              {validated && usernameError ? usernameError : strippedSpace ? t('login.UsernameNoSpaces') : ''}
            </div>
          </div>
          <div className="mb-3">
            <label htmlFor="login-password" className="form-label">
              {t('login.Password')}
            </label>
            <input
              id="login-password"
              type="password"
              className={`form-control${invalid(passwordError)}`}
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={validated && !!passwordError}
              aria-describedby="login-password-feedback"
              onChange={(event) => setPassword(event.target.value)}
            />
            <div id="login-password-feedback" className="invalid-feedback" aria-live="polite">
              {validated && passwordError}
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('login.LoginButton')}
          </button>
        </div>
      </form>
    </PageFrame>
  );
}
