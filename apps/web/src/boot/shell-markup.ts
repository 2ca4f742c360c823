// The app's frame as React first renders it on the live view: the navigation bar
// (app/navbar.tsx), the page title with its connection marker and reload button
// (components/page-frame.tsx). Left out is what takes no room and shows nothing in the
// second before the app takes over: the closed menus' items, attributes and texts for
// screen readers and tooltips (first-paint-keys.ts).
import type { BrandIcon } from '../lib/holidays';
import type { FirstPaintText } from './first-paint-keys';
import { esc } from './html';
import { brandIcon, icon } from './icons';

export interface ShellContext {
  t: FirstPaintText;
  locale: string;
  /** The app's base path ('' at the site root), as the router prefixes its links. */
  base: string;
  loggedIn: boolean;
  theme: 'light' | 'dark' | 'auto';
  brand: BrandIcon;
}

const LANGUAGES = { en: 'English', de: 'Deutsch', fr: 'Français' };

const item = (content: string) => `<li class="nav-item">${content}</li>`;

/** A closed dropdown's toggle. */
const dropdown = (label: string) =>
  `<li class="nav-item dropdown "><button class="nav-link dropdown-toggle">${label}</button></li>`;

export function navbarHtml({ t, locale, base, loggedIn, theme, brand }: ShellContext): string {
  const link = (path: string, text: string) =>
    `<a href="${base}${path}" class="nav-link${path === '/' ? ' active' : ''}">${esc(text)}</a>`;
  const languages = Object.entries(LANGUAGES).map(
    ([code, name]) => `<option value="${code}"${code === locale ? ' selected' : ''}>${name}</option>`,
  );
  return (
    '<nav class="navbar fixed-top bg-body-tertiary border-bottom" data-bs-theme="dark"><div class="container-fluid">' +
    `<a href="${base}/" class="navbar-brand d-flex align-items-center">${brandIcon(brand)}OpenDTU</a>` +
    '<button class="navbar-toggler"><span class="navbar-toggler-icon"></span></button>' +
    '<div class="collapse navbar-collapse"><ul class="navbar-nav me-auto">' +
    item(link('/', t('menu.LiveView'))) +
    item(link('/overview', t('menu.Overview'))) +
    dropdown(esc(t('menu.Settings'))) +
    dropdown(esc(t('menu.Info'))) +
    item(link('/about', t('menu.About'))) +
    item(
      loggedIn
        ? `<button class="nav-link nav-action">${esc(t('menu.Logout'))}</button>`
        : link('/login', t('menu.Login')),
    ) +
    // The theme's label shows only in the opened menu of a collapsed bar.
    `</ul><ul class="navbar-nav nav-tools">${dropdown(icon(theme === 'auto' ? 'auto' : theme === 'dark' ? 'moon' : 'sun'))}` +
    `<li class="nav-item nav-lang"><div class="d-flex align-items-center gap-2 text-body-secondary">${icon('translate')}` +
    `<select class="form-select form-select-sm" style="max-width: 12rem;">${languages.join('')}</select>` +
    '</div></li></ul></div></div></nav>'
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

/**
 * The page's title row and the element its content goes into (components/page-frame.tsx);
 * `online` once the device answered (whole class names, so the build finds their rules).
 */
export const pageFrameHtml = (t: FirstPaintText, online: boolean, content: string): string =>
  '<div class="d-flex align-items-center gap-3 border-bottom pb-2 mb-3">' +
  `<div class="d-flex align-items-center gap-2 me-auto page-title"><h1 class="h2 mb-0 text-break">${esc(t('home.LiveData'))}</h1>` +
  `<span class="${online ? 'marker-online' : 'marker-connecting'}"></span></div>` +
  `<button class="btn btn-outline-primary">${icon('reload')}</button></div><div>${content}</div>`;
