import { DropdownDivider, NavDropdown } from '../components/dropdown';
import { AutoThemeIcon, MoonIcon, SunIcon } from '../components/icons';
import { useI18n } from '../i18n/i18n-provider';
import { setTheme, useTheme, type Theme } from './theme';

const OPTIONS = [
  { theme: 'light', icon: SunIcon, key: 'localeswitcher.Light' },
  { theme: 'dark', icon: MoonIcon, key: 'localeswitcher.Dark' },
  { theme: 'auto', icon: AutoThemeIcon, key: 'localeswitcher.Auto' },
] as const satisfies readonly { theme: Theme; icon: unknown; key: string }[];

export function ThemeSwitcher() {
  const { t } = useI18n();
  const theme = useTheme();
  const current = OPTIONS.find((option) => option.theme === theme) ?? OPTIONS[2];
  const Current = current.icon;
  return (
    <NavDropdown
      end
      ariaLabel={`${t('localeswitcher.Theme')}: ${t(current.key)}`}
      label={
        <>
          <Current />
          <span className="menu-label ms-2">{t('localeswitcher.Theme')}</span>
        </>
      }
    >
      <li>
        <h2 className="dropdown-header h6">{t('localeswitcher.Theme')}</h2>
      </li>
      <DropdownDivider />
      {OPTIONS.map(({ theme: option, icon: Icon, key }) => (
        <li key={option}>
          <button
            type="button"
            className={`dropdown-item d-flex align-items-center gap-2${option === theme ? ' active' : ''}`}
            aria-pressed={option === theme}
            onClick={() => setTheme(option)}
          >
            <Icon />
            {t(key)}
          </button>
        </li>
      ))}
    </NavDropdown>
  );
}
