import type { LanguageEntry } from '@opendtu/api';
import { keys, texts } from 'virtual:built-in-messages';
import type { MessageTree, Translator } from './runtime';

/** Languages compiled into the app; the device may offer more (spec §3). */
export const BUILT_IN_LANGUAGES: readonly LanguageEntry[] = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
];

let nameless = 0;
/**
 * Every key of the built-in texts, in their stored order (build/compact-messages.ts). A key
 * stored without its name (one only the code names, by its index) gets one no pack has.
 */
export const MESSAGE_KEYS: readonly string[] = keys.split(';').flatMap((group) => {
  const [name, names] = group.split(':');
  return names!.split(',').map((key) => `${name}.${key || `#${nameless++}`}`);
});

/** A message tree again from one language's stored lines (empty: left to English). */
export function messageTree(messageKeys: readonly string[], lines: readonly string[]): MessageTree {
  const tree: MessageTree = {};
  messageKeys.forEach((key, index) => {
    const value = lines[index];
    if (!value) return;
    const dot = key.indexOf('.');
    ((tree[key.slice(0, dot)] ??= {}) as MessageTree)[key.slice(dot + 1)] = value;
  });
  return tree;
}

/**
 * The built-in trees by language code, each unpacked when first read: building all three
 * at start cost 50-70 ms on a slow CPU for languages most users never choose.
 */
export const BUILT_IN_MESSAGES: Readonly<Record<string, MessageTree>> = {};
for (const [code, lines] of Object.entries(texts)) {
  let tree: MessageTree | undefined;
  Object.defineProperty(BUILT_IN_MESSAGES, code, {
    enumerable: true,
    get: () => (tree ??= messageTree(MESSAGE_KEYS, lines.split('~'))),
  });
}

/**
 * A translator that also takes a key's index in MESSAGE_KEYS: the build writes
 * `t('menu.About')` as `t(12)` (build/compact-messages.ts), so the key text ships once.
 * Texts without parameters are remembered: the live view asks for the same few dozen on
 * every frame, and each lookup walks the trees and expands links again.
 */
export function indexedKeys(translator: Translator): Translator {
  const key = (k: string | number): string => (typeof k === 'number' ? MESSAGE_KEYS[k]! : k);
  const plain = new Map<string | number, string>();
  return {
    t: (k, params) => {
      if (params) return translator.t(key(k), params);
      let text = plain.get(k);
      if (text === undefined) plain.set(k, (text = translator.t(key(k))));
      return text;
    },
    tc: (k, count, params) => translator.tc(key(k), count, params),
    has: (k) => translator.has(key(k)),
  };
}

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
