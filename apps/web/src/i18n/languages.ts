import type { LanguageEntry } from '@opendtu/api';
import type { MessageTree } from './runtime';
import en from './en.json';
import de from './de.json';
import fr from './fr.json';

/** Languages compiled into the app; the device may offer more (spec §3). */
export const BUILT_IN_LANGUAGES: readonly LanguageEntry[] = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
];

export const BUILT_IN_MESSAGES: Readonly<Record<string, MessageTree>> = { en, de, fr };

export const FALLBACK_LOCALE = 'en';
const LOCALE_KEY = 'locale';

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: string): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The stored choice, else the browser language's prefix ("de-AT" -> "de"). */
export function initialLocale(): string {
  return storedLocale() || (navigator.language || FALLBACK_LOCALE).split('-')[0]!.toLowerCase();
}
