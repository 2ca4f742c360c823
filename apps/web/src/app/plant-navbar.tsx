import type { PlantDevice } from '@opendtu/api';
import { useState, useSyncExternalStore } from 'react';
import { useLoggedIn } from '../api/auth';
import { logout } from '../api/security';
import { NavDropdown } from '../components/dropdown';
import { deviceHref } from '../features/plant/plant-api';
import { useI18n } from '../i18n/i18n-provider';
import { BrandIcon } from './brand-icon';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';

/** Where the plant's bar fits in one row in every built-in language (it has few items). */
const WIDE = '(min-width: 768px)';

function subscribeWide(onChange: () => void): () => void {
  const query = matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = (): boolean => matchMedia(WIDE).matches;

/** The plant's own pages (relative to the <base>), each a full page load. */
const PAGES = [
  ['plant', 'plant.Plant'],
  ['plant/history', 'plant.History'],
] as const;

/**
 * The plant's bar, in the look of the device app's: the plant and its history, a menu of
 * the devices (each opens its own app, a full page load), logout, theme and language. No
 * device menus: at the companion's root there is no device to configure.
 */
export function PlantNavbar({ devices, path }: { devices: readonly PlantDevice[]; path: string }) {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const wide = useSyncExternalStore(subscribeWide, isWide);
  const [expanded, setExpanded] = useState(false);
  return (
    <nav
      className={`navbar${wide ? ' navbar-expand' : ''} fixed-top bg-body-tertiary border-bottom`}
      data-bs-theme="dark"
    >
      <div className="container-fluid">
        <a className="navbar-brand d-flex align-items-center" href="plant">
          <BrandIcon />
          OpenDTU
        </a>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="plant-navigation"
          aria-expanded={expanded}
          aria-label={t('base.ToggleNavigation')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="plant-navigation" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            {PAGES.map(([href, key]) => (
              <li key={href} className="nav-item">
                <a
                  className={`nav-link${path === `/${href}` ? ' active' : ''}`}
                  aria-current={path === `/${href}` ? 'page' : undefined}
                  href={href}
                >
                  {t(key)}
                </a>
              </li>
            ))}
            {devices.length > 0 && (
              <NavDropdown label={t('plant.Devices')}>
                {devices.map((device) => (
                  <li key={device.name}>
                    <a className="dropdown-item" href={deviceHref(device.name)}>
                      {device.name}
                      {!device.online && <span className="text-body-secondary"> ({t('plant.Offline')})</span>}
                    </a>
                  </li>
                ))}
              </NavDropdown>
            )}
            {loggedIn && (
              <li className="nav-item">
                <button
                  type="button"
                  className="nav-link nav-action"
                  onClick={() => {
                    logout();
                    setExpanded(false);
                  }}
                >
                  {t('menu.Logout')}
                </button>
              </li>
            )}
          </ul>
          <ul className="navbar-nav nav-tools">
            <ThemeSwitcher />
            <li className="nav-item nav-lang">
              <LanguageSwitcher />
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
