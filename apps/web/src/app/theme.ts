// Colour theme: light, dark or auto (follow the system), stored as `theme` (spec §3).
// index.html applies the stored one before the bundle loads, so nothing flashes; this
// module keeps it applied afterwards and follows the system while on auto.
import { useEffect, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'auto';
export const THEMES: readonly Theme[] = ['light', 'dark', 'auto'];

const THEME_KEY = 'theme';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return isTheme(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}

const darkQuery = (): MediaQueryList | undefined =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

/** Sets Bootstrap's `data-bs-theme` on <html> for a theme, resolving auto. */
export function applyTheme(theme: Theme): void {
  const resolved = theme === 'auto' ? (darkQuery()?.matches ? 'dark' : 'light') : theme;
  document.documentElement.setAttribute('data-bs-theme', resolved);
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not stored: applies to this page only.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme; while it is auto, system changes are applied as they happen. */
export function useTheme(): Theme {
  const theme = useSyncExternalStore(subscribe, storedTheme);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'auto') return;
    const query = darkQuery();
    const onChange = (): void => applyTheme('auto');
    query?.addEventListener('change', onChange);
    return () => query?.removeEventListener('change', onChange);
  }, [theme]);
  return theme;
}
