import type { ReactNode } from 'react';
import { useLoggedIn } from '../../api/auth';
import { useOpenAlertCount } from '../../api/alerts';
import { useCompanion } from '../../api/history';
import { useI18n } from '../../i18n/i18n-provider';

/**
 * "Alerts" in the navigation (companion build, once its server answered), with the number
 * of open alerts for the admin; the link itself is a `NavLink` of the bar, passed in.
 */
export function AlertsNavItem({ link }: { link: (children: ReactNode) => ReactNode }) {
  const { t, tc } = useI18n();
  const shown = !!useCompanion();
  const loggedIn = useLoggedIn();
  const count = useOpenAlertCount(shown && loggedIn);
  if (!shown) return null;
  return (
    <li className="nav-item">
      {link(
        <>
          {t('alerts.Alerts')}
          {!!count && ' '}
          {!!count && (
            <span className="badge rounded-pill text-bg-danger ms-1" data-open-alerts={count}>
              {count}
              <span className="visually-hidden"> {tc('alerts.OpenCount', count)}</span>
            </span>
          )}
        </>,
      )}
    </li>
  );
}
