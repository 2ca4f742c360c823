import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { useLoggedIn } from '../api/auth';
import { useCapabilities } from '../api/firmware';
import { useCompanion } from '../api/history';
import { logout } from '../api/security';
import { DropdownDivider, NavDropdown } from '../components/dropdown';
import { AlertsNavItem } from '../features/alerts/alerts-nav-item';
import { ControlNavItem } from '../features/control/control-nav-item';
import { useI18n } from '../i18n/i18n-provider';
import { COMPANION_ROUTES, ROUTES } from '../lib/route-paths';
import { BrandIcon } from './brand-icon';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';

const SETTINGS_MENU: readonly (readonly [string, string] | 'divider')[] = [
  [ROUTES.settingsNetwork, 'menu.NetworkSettings'],
  [ROUTES.settingsNtp, 'menu.NTPSettings'],
  [ROUTES.settingsMqtt, 'menu.MQTTSettings'],
  [ROUTES.settingsInverter, 'menu.InverterSettings'],
  [ROUTES.settingsSecurity, 'menu.SecuritySettings'],
  [ROUTES.settingsDtu, 'menu.DTUSettings'],
  [ROUTES.settingsDevice, 'menu.DeviceManager'],
  [ROUTES.settingsLogging, 'menu.LoggingSettings'],
  // The companion's own: the SunSpec Modbus server's unit map (no flash: dead code on the device).
  ...(import.meta.env.MODE === 'companion' ? ([[COMPANION_ROUTES.modbus, 'modbus.Menu']] as const) : []),
  'divider',
  [ROUTES.settingsConfig, 'menu.ConfigManagement'],
  [ROUTES.firmwareUpgrade, 'menu.FirmwareUpgrade'],
  [ROUTES.maintenanceReboot, 'menu.DeviceReboot'],
];

const INFO_MENU: readonly (readonly [string, string] | 'divider')[] = [
  [ROUTES.infoSystem, 'menu.System'],
  [ROUTES.infoNetwork, 'menu.Network'],
  [ROUTES.infoNtp, 'menu.NTP'],
  [ROUTES.infoMqtt, 'menu.MQTT'],
  'divider',
  [ROUTES.infoConsole, 'menu.Console'],
];

function NavLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <Link
      href={href}
      className={`${className}${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

function Menu({ label, items }: { label: string; items: typeof SETTINGS_MENU }) {
  const { t } = useI18n();
  const [location] = useLocation();
  const active = items.some((item) => item !== 'divider' && item[0] === location);
  return (
    <NavDropdown label={label} className={active ? 'active-menu' : ''}>
      {items.map((item, index) =>
        item === 'divider' ? (
          <DropdownDivider key={`divider-${index}`} />
        ) : (
          <li key={item[0]}>
            <NavLink href={item[0]} className="dropdown-item">
              {t(item[1])}
            </NavLink>
          </li>
        ),
      )}
    </NavDropdown>
  );
}

/**
 * "Plant", in a device's app served by a companion that fronts several devices (at
 * /dtu/NAME/): the way back to the plant page at the companion's root, a page of its own.
 */
function PlantItem() {
  const { t } = useI18n();
  const plant = useCompanion()?.plant;
  useEffect(() => void dispatchEvent(new Event('resize')), [plant]);
  return plant ? (
    <li className="nav-item">
      <a href="../../plant" className="nav-link">
        {t('plant.Plant')}
      </a>
    </li>
  ) : null;
}

/** "History", in the companion build once its server answered. */
function HistoryItem() {
  const { t } = useI18n();
  const shown = !!useCompanion();
  // One more item: the bar measures again whether it fits in one row.
  useEffect(() => void dispatchEvent(new Event('resize')), [shown]);
  return shown ? (
    <li className="nav-item">
      <NavLink href={COMPANION_ROUTES.history} className="nav-link">
        {t('history.History')}
      </NavLink>
    </li>
  ) : null;
}

/**
 * Lays the bar out in one row only where it fits, measured in the language shown (German
 * and French need far more room than English; a language pack may need more still), so
 * it collapses behind the toggler before it could wrap over the page.
 */
function useFitsInOneRow(): [RefObject<HTMLElement | null>, boolean] {
  const { locale } = useI18n();
  const loggedIn = useLoggedIn();
  const ref = useRef<HTMLElement>(null);
  const [fits, setFits] = useState(false);
  useLayoutEffect(() => {
    const measure = (): void => {
      const nav = ref.current!;
      const row = nav.firstElementChild!;
      nav.classList.add('navbar-expand');
      const wide = row.scrollWidth <= row.clientWidth;
      // React sets the same class from `fits`; until it renders, the DOM must agree.
      nav.classList.toggle('navbar-expand', wide);
      setFits(wide);
    };
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, [locale, loggedIn]);
  return [ref, fits];
}

/** The fixed top bar in the order of spec §2; collapses behind a toggler where one row does not fit. */
export function Navbar() {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const [, navigate] = useLocation();
  const [expanded, setExpanded] = useState(false);
  // Only firmware from v25.5.10 has logging settings; asked once logged in (they need the admin).
  const logging = useCapabilities(loggedIn)?.logging;
  const [navRef, fits] = useFitsInOneRow();

  return (
    <nav
      ref={navRef}
      className={`navbar${fits ? ' navbar-expand' : ''} fixed-top bg-body-tertiary border-bottom`}
      data-bs-theme="dark"
    >
      <div className="container-fluid">
        <Link className="navbar-brand d-flex align-items-center" href={ROUTES.home}>
          <BrandIcon />
          OpenDTU
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-navigation"
          aria-expanded={expanded}
          aria-label={t('base.ToggleNavigation')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div
          id="main-navigation"
          className={`collapse navbar-collapse${expanded ? ' show' : ''}`}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a[href], .nav-action')) setExpanded(false);
          }}
        >
          <ul className="navbar-nav me-auto">
            <li className="nav-item">
              <NavLink href={ROUTES.home} className="nav-link">
                {t('menu.LiveView')}
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink href={ROUTES.overview} className="nav-link">
                {t('menu.Overview')}
              </NavLink>
            </li>
            {import.meta.env.MODE === 'companion' && (
              <>
                <PlantItem />
                <HistoryItem />
              </>
            )}
            {import.meta.env.MODE === 'companion' && (
              <ControlNavItem
                link={(label) => (
                  <NavLink href={COMPANION_ROUTES.control} className="nav-link">
                    {label}
                  </NavLink>
                )}
              />
            )}
            {import.meta.env.MODE === 'companion' && (
              <AlertsNavItem
                link={(label) => (
                  <NavLink href={COMPANION_ROUTES.alerts} className="nav-link">
                    {label}
                  </NavLink>
                )}
              />
            )}
            <Menu
              label={t('menu.Settings')}
              items={
                logging ? SETTINGS_MENU : SETTINGS_MENU.filter((item) => item[0] !== ROUTES.settingsLogging)
              }
            />
            <Menu label={t('menu.Info')} items={INFO_MENU} />
            <li className="nav-item">
              <NavLink href={ROUTES.about} className="nav-link">
                {t('menu.About')}
              </NavLink>
            </li>
            <li className="nav-item">
              {loggedIn ? (
                <button
                  type="button"
                  className="nav-link nav-action"
                  onClick={() => {
                    logout();
                    navigate(ROUTES.home);
                  }}
                >
                  {t('menu.Logout')}
                </button>
              ) : (
                <NavLink href={ROUTES.login} className="nav-link">
                  {t('menu.Login')}
                </NavLink>
              )}
            </li>
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
