import type { ReactNode } from 'react';
import { Link, useLocation } from '../components/router';
import { useLoggedIn } from '../api/auth';
import { useCapabilities } from '../api/firmware';
import { useCompanion } from '../api/history';
import { DropdownDivider, NavDropdown } from '../components/dropdown';
import { AlertsNavItem } from '../features/alerts/alerts-nav-item';
import { ControlNavItem } from '../features/control/control-nav-item';
import { useI18n } from '../i18n/i18n-provider';
import { COMPANION_ROUTES, ROUTES } from '../lib/route-paths';
import { NavbarFrame } from './navbar-frame';

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

/** A bar's link to `href` around the label an item gives it (an item of a companion feature). */
const navLink = (href: string) => (label: ReactNode) => (
  <NavLink href={href} className="nav-link">
    {label}
  </NavLink>
);

/**
 * "Plant", in a device's app served by a companion that fronts several devices (at
 * /dtu/NAME/): the way back to the plant page at the companion's root, a page of its own.
 */
function PlantItem() {
  const { t } = useI18n();
  const plant = useCompanion()?.plant;
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
  return shown ? (
    <li className="nav-item">
      <NavLink href={COMPANION_ROUTES.history} className="nav-link">
        {t('history.History')}
      </NavLink>
    </li>
  ) : null;
}

/** The device app's bar in the order of spec §2. */
export function Navbar() {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const [, navigate] = useLocation();
  // Only firmware from v25.5.10 has logging settings; asked once logged in (they need the admin).
  const logging = useCapabilities(loggedIn)?.logging;

  return (
    <NavbarFrame
      id="main-navigation"
      brand={(props) => <Link href={ROUTES.home} {...props} />}
      loggedOut={
        <li className="nav-item">
          <NavLink href={ROUTES.login} className="nav-link">
            {t('menu.Login')}
          </NavLink>
        </li>
      }
      onLogout={() => navigate(ROUTES.home)}
    >
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
          <ControlNavItem link={navLink(COMPANION_ROUTES.control)} />
          <AlertsNavItem link={navLink(COMPANION_ROUTES.alerts)} />
        </>
      )}
      <Menu
        label={t('menu.Settings')}
        items={logging ? SETTINGS_MENU : SETTINGS_MENU.filter((item) => item[0] !== ROUTES.settingsLogging)}
      />
      <Menu label={t('menu.Info')} items={INFO_MENU} />
      <li className="nav-item">
        <NavLink href={ROUTES.about} className="nav-link">
          {t('menu.About')}
        </NavLink>
      </li>
    </NavbarFrame>
  );
}
