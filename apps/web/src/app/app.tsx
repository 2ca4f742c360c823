import { ToastProvider } from '../components/toast';
import { I18nProvider, useI18n } from '../i18n/i18n-provider';
import { useLocation } from '../components/router';
import { useClientNavigation } from './client-bridge';
import { Navbar } from './navbar';
import { NotFoundPage } from './not-found-page';
import type { RoutePath } from '../lib/route-paths';
import { ROUTE_TABLE } from './route-table';
import { useScrollToTop } from './scroll-to-top';

export function SkipLink() {
  const { t } = useI18n();
  return (
    // A plain #main link would resolve against <base> and leave the page.
    <a
      className="visually-hidden-focusable position-absolute top-0 start-0 m-2 p-2 bg-body z-3"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t('base.SkipToContent')}
    </a>
  );
}

function Shell() {
  useClientNavigation();
  useScrollToTop();
  // As typed or linked: a trailing slash and capitals lead to the same screen.
  const [location] = useLocation();
  const screen = ROUTE_TABLE[location.toLowerCase().replace(/(.)\/$/, '$1') as RoutePath];
  return (
    <>
      <SkipLink />
      <Navbar />
      <main id="main" className="container-xxl" tabIndex={-1}>
        {screen ? screen() : <NotFoundPage />}
      </main>
    </>
  );
}

export function App() {
  return (
    <I18nProvider>
      <ToastProvider>
        <Shell />
      </ToastProvider>
    </I18nProvider>
  );
}
