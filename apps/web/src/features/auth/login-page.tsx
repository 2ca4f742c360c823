import { useLocation, useSearch } from '../../components/router';
import { login } from '../../api/security';
import { LoginForm } from '../../components/login-form';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { safeReturnUrl } from '../../lib/route-paths';

/** The device's login page: success goes to `returnUrl` (default /). */
export function LoginPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const returnUrl = safeReturnUrl(new URLSearchParams(useSearch()).get('returnUrl'));
  return (
    <PageFrame title={t('login.Login')}>
      <LoginForm
        title={t('login.SystemLogin')}
        check={({ username, password }) => login(username, password)}
        onLoggedIn={() => navigate(returnUrl)}
        failed={({ status }) =>
          status ? `${t('Error.DeviceError')} ${t('base.HttpError', { status })}` : t('Error.Unreachable')
        }
      />
    </PageFrame>
  );
}
