import type { ReactNode } from 'react';
import { useCompanion } from '../../api/history';
import { useI18n } from '../../i18n/i18n-provider';

/** "Control" in the navigation (companion build, once its server answered); the link is the bar's. */
export function ControlNavItem({ link }: { link: (children: ReactNode) => ReactNode }) {
  const { t } = useI18n();
  const shown = !!useCompanion();
  return shown ? <li className="nav-item">{link(t('control.Control'))}</li> : null;
}
