// The app's frame as React first renders it on the live view: the navigation bar
// (app/navbar.tsx), the page title with its connection marker and reload button
// (components/page-frame.tsx). Left out is what takes no room and shows nothing in the
// second before the app takes over: the closed menus' items, texts for screen readers and
// tooltips (first-paint-keys.ts).
import type { BrandIcon } from '../lib/holidays';
import type { FirstPaintText } from './first-paint-keys';
import { esc, h } from './html';
import { brandIcon, icon, type IconName } from './icons';

export interface ShellContext {
  t: FirstPaintText;
  locale: string;
  /** The app's base path ('' at the site root), as the router prefixes its links. */
  base: string;
  loggedIn: boolean;
  theme: 'light' | 'dark' | 'auto';
  brand: BrandIcon;
}

const LANGUAGES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['fr', 'Français'],
] as const;

const THEME_ICON: Record<ShellContext['theme'], IconName> = { light: 'sun', dark: 'moon', auto: 'auto' };

const item = (...children: string[]) => h('li', { class: 'nav-item' }, ...children);

/** A closed dropdown's toggle. */
const dropdown = (label: string) =>
  h(
    'li',
    { class: 'nav-item dropdown ' },
    h('button', { type: 'button', class: 'nav-link dropdown-toggle' }, label),
  );

export function navbarHtml({ t, locale, base, loggedIn, theme, brand }: ShellContext): string {
  const link = (path: string, text: string) => {
    const active = path === '/';
    return h(
      'a',
      { 'aria-current': active && 'page', href: base + path, class: `nav-link${active ? ' active' : ''}` },
      esc(text),
    );
  };
  return h(
    'nav',
    { class: 'navbar fixed-top bg-body-tertiary border-bottom', 'data-bs-theme': 'dark' },
    h(
      'div',
      { class: 'container-fluid' },
      h(
        'a',
        { href: `${base}/`, class: 'navbar-brand d-flex align-items-center' },
        brandIcon(brand),
        'OpenDTU',
      ),
      h('button', { type: 'button', class: 'navbar-toggler' }, '<span class="navbar-toggler-icon"></span>'),
      h(
        'div',
        { class: 'collapse navbar-collapse' },
        h(
          'ul',
          { class: 'navbar-nav me-auto' },
          item(link('/', t('menu.LiveView'))),
          item(link('/overview', t('menu.Overview'))),
          dropdown(esc(t('menu.Settings'))),
          dropdown(esc(t('menu.Info'))),
          item(link('/about', t('menu.About'))),
          item(
            loggedIn
              ? h('button', { type: 'button', class: 'nav-link nav-action' }, esc(t('menu.Logout')))
              : link('/login', t('menu.Login')),
          ),
        ),
        h(
          'ul',
          { class: 'navbar-nav nav-tools' },
          // Its label shows only in the opened menu of a collapsed bar.
          dropdown(icon(THEME_ICON[theme])),
          h(
            'li',
            { class: 'nav-item nav-lang' },
            h(
              'div',
              { class: 'd-flex align-items-center gap-2 text-body-secondary' },
              icon('translate'),
              h(
                'select',
                { class: 'form-select form-select-sm', style: 'max-width: 12rem;' },
                ...LANGUAGES.map(([code, name]) =>
                  h('option', { value: code, lang: code, selected: code === locale }, name),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * The bar in one row where it fits, as the app measures it (app/navbar.tsx): laid out in
 * one row, and collapsed behind the toggler when the row overflows.
 */
export function fitNavbar(nav: HTMLElement): void {
  nav.classList.add('navbar-expand');
  const row = nav.firstElementChild!;
  nav.classList.toggle('navbar-expand', row.scrollWidth <= row.clientWidth);
}

export type Marker = 'online' | 'connecting';

/** The page's title row and the element its content goes into (components/page-frame.tsx). */
export function pageFrameHtml(t: FirstPaintText, marker: Marker, content: string): string {
  return (
    h(
      'div',
      { class: 'd-flex align-items-center gap-3 border-bottom pb-2 mb-3' },
      h(
        'div',
        { class: 'd-flex align-items-center gap-2 me-auto page-title' },
        h('h1', { class: 'h2 mb-0 text-break' }, esc(t('home.LiveData'))),
        // Whole class names, so the build finds the rules they need.
        h('span', { class: marker === 'online' ? 'marker-online' : 'marker-connecting' }),
      ),
      h('button', { type: 'button', class: 'btn btn-outline-primary' }, icon('reload')),
    ) + h('div', null, content)
  );
}
