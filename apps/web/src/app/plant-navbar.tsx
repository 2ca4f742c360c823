import type { PlantDevice } from '@opendtu/api';
import { NavDropdown } from '../components/dropdown';
import { deviceHref } from '../features/plant/plant-api';
import { useI18n } from '../i18n/i18n-provider';
import { NavbarFrame } from './navbar-frame';

/** The plant's own pages (relative to the <base>), each a full page load. */
const PAGES = [
  ['plant', 'plant.Plant'],
  ['plant/history', 'plant.History'],
] as const;

/**
 * The plant's bar, the device app's frame with the plant and its history and a menu of
 * the devices (each opens its own app, a full page load). No device menus: at the
 * companion's root there is no device to configure.
 */
export function PlantNavbar({ devices, path }: { devices: readonly PlantDevice[]; path: string }) {
  const { t } = useI18n();
  return (
    <NavbarFrame id="plant-navigation" brand={(props) => <a href="plant" {...props} />}>
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
    </NavbarFrame>
  );
}
