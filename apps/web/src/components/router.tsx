// Navigation within the app: fixed route paths under its base (the <base> element that
// index.html sets: the site root, or a sub-path behind a proxy), on the History API. Our
// own rather than a router library: the routes are plain paths, one table (app/route-table),
// with no patterns, nesting or server rendering, and the library that did this (wouter)
// cost 1.9 kB of the device's flash. A `popstate` (back, forward) is a navigation too.
import { useLayoutEffect, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** The path the app is served under ('' at the site root, '/dtu' behind a proxy). */
export function basePath(): string {
  return new URL(document.baseURI).pathname.replace(/\/$/, '');
}

/** The current route path, without its query ("/info/ntp"). */
function routePath(): string {
  const base = basePath();
  const path = location.pathname;
  const relative = base && path.startsWith(base) ? path.slice(base.length) : path;
  return relative.startsWith('/') ? relative : `/${relative}`;
}

/** The current route path with its query ("/info/ntp?x=1"). */
export const currentAppPath = (): string => routePath() + location.search;

const listeners = new Set<() => void>();
const changed = (): void => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) removeEventListener('popstate', changed);
  };
}

/** Goes to `to` (a route path, with its query if any), in place of this entry when `replace`. */
export function navigate(to: string, { replace = false } = {}): void {
  history[replace ? 'replaceState' : 'pushState'](null, '', basePath() + to);
  changed();
}

/** The route path now and `navigate`; renders again after every navigation. */
export function useLocation(): [path: string, go: typeof navigate] {
  return [useSyncExternalStore(subscribe, routePath), navigate];
}

/** The query now ("?inv=1", or ""). */
export const useSearch = (): string => useSyncExternalStore(subscribe, () => location.search);

/**
 * A link to a route: `href` under the app's base, followed without a page load. A click with
 * a modifier key or another button does what the browser does with any link.
 */
export function Link({
  href,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  return <a {...props} href={basePath() + href} onClick={follow} />;
}

/** Goes to `to` in place of the page that rendered it. */
export function Redirect({ to }: { to: string }) {
  useLayoutEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
