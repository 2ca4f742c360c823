import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLoggedIn } from '../api/auth';
import { logout } from '../api/security';
import { useI18n } from '../i18n/i18n-provider';
import { BrandIcon } from './brand-icon';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';

/**
 * Lays the bar out in one row only where its items fit, measured in the language shown
 * (German and French need far more room than English; a language pack may need more
 * still), so it collapses behind the toggler before it could wrap over the page. It
 * measures again whenever the window's width or the bar's items or texts change.
 */
function useFitsInOneRow(): [RefObject<HTMLElement | null>, boolean] {
  const ref = useRef<HTMLElement>(null);
  const [fits, setFits] = useState(false);
  useLayoutEffect(() => {
    const nav = ref.current!;
    const row = nav.firstElementChild!;
    const measure = (): void => {
      nav.classList.add('navbar-expand');
      const wide = row.scrollWidth <= row.clientWidth;
      // React sets the same class from `fits`; until it renders, the DOM must agree.
      nav.classList.toggle('navbar-expand', wide);
      setFits(wide);
    };
    measure();
    const changes = new MutationObserver(measure);
    changes.observe(row, { childList: true, subtree: true, characterData: true });
    addEventListener('resize', measure);
    return () => {
      changes.disconnect();
      removeEventListener('resize', measure);
    };
  }, []);
  return [ref, fits];
}

export interface NavbarFrameProps {
  /** The id of the part that collapses. */
  id: string;
  /** The brand as a link to the bar's home page, given its class and content. */
  brand: (props: { className: string; children: ReactNode }) => ReactNode;
  /** The bar's own items, before logout. */
  children: ReactNode;
  /** In place of Logout while logged out. */
  loggedOut?: ReactNode;
  onLogout?: () => void;
}

/**
 * The fixed top bar of the device's app and of the plant's pages: brand, toggler, the
 * bar's items, logout, theme and language. Collapses where one row does not fit; a
 * click on a link or an action closes the collapsed menu.
 */
export function NavbarFrame({ id, brand, children, loggedOut, onLogout }: NavbarFrameProps) {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const [expanded, setExpanded] = useState(false);
  const [navRef, fits] = useFitsInOneRow();
  return (
    <nav
      ref={navRef}
      className={`navbar${fits ? ' navbar-expand' : ''} fixed-top bg-body-tertiary border-bottom`}
      data-bs-theme="dark"
    >
      <div className="container-fluid">
        {brand({
          className: 'navbar-brand d-flex align-items-center',
          children: (
            <>
              <BrandIcon />
              OpenDTU
            </>
          ),
        })}
        <button
          type="button"
          className="navbar-toggler"
          aria-controls={id}
          aria-expanded={expanded}
          aria-label={t('base.ToggleNavigation')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div
          id={id}
          className={`collapse navbar-collapse${expanded ? ' show' : ''}`}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a[href], .nav-action')) setExpanded(false);
          }}
        >
          <ul className="navbar-nav me-auto">
            {children}
            {loggedIn ? (
              <li className="nav-item">
                <button
                  type="button"
                  className="nav-link nav-action"
                  onClick={() => {
                    logout();
                    onLogout?.();
                  }}
                >
                  {t('menu.Logout')}
                </button>
              </li>
            ) : (
              loggedOut
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
