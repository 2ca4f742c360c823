import type { LanguageEntry } from '@opendtu/api';
import { keys, texts } from 'virtual:built-in-messages';
import type { MessageTree } from './runtime';

/** Languages compiled into the app; the device may offer more (spec §3). */
export const BUILT_IN_LANGUAGES: readonly LanguageEntry[] = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
];

/** A message tree again from the compact form the build stores (build/compact-messages.ts). */
export function messageTree(messageKeys: readonly string[], values: readonly (string | null)[]): MessageTree {
  const tree: MessageTree = {};
  messageKeys.forEach((key, index) => {
    const value = values[index];
    if (value === null || value === undefined) return;
    const path = key.split('.');
    let node = tree;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as MessageTree;
    node[path[path.length - 1]!] = value;
  });
  return tree;
}

export const BUILT_IN_MESSAGES: Readonly<Record<string, MessageTree>> = Object.fromEntries(
  Object.entries(texts).map(([code, values]) => [code, messageTree(keys, values)]),
);

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
