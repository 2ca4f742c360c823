import type { LanguageEntry } from '@opendtu/api';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getLanguagePack, getLanguages } from '../api/i18n';
import {
  BUILT_IN_LANGUAGES,
  BUILT_IN_MESSAGES,
  FALLBACK_LOCALE,
  indexedKeys,
  initialLocale,
  storeLocale,
} from './languages';
import { escapeMarkup, markup } from './markup';
import { createTranslator, type MessageTree, type Params, type Translator } from './runtime';

export interface I18n extends Translator {
  /** `t` for texts that may carry markup (hints, About): formatted; parameters stay text. */
  tm(key: string, params?: Params): ReactNode;
  locale: string;
  /** Built-ins first, then the packs the device offers. */
  languages: readonly LanguageEntry[];
  setLocale: (code: string) => void;
}

const I18nContext = createContext<I18n | null>(null);

interface Shown {
  locale: string;
  messages: MessageTree;
}

const ENGLISH: Shown = { locale: FALLBACK_LOCALE, messages: BUILT_IN_MESSAGES[FALLBACK_LOCALE]! };

function builtIn(locale: string): Shown | undefined {
  const messages = BUILT_IN_MESSAGES[locale];
  return messages ? { locale, messages } : undefined;
}

function isTree(value: unknown): value is MessageTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

let devicePacks = true;

/**
 * For the plant page (companion build, issue 33), called before it renders: no device
 * answers where it is served, so only the built-in languages. A flag, not a prop: the
 * device's own build ('production') always has its device, and this folds away there.
 */
export function withoutDevicePacks(): void {
  devicePacks = false;
}

const packs = (): boolean => import.meta.env.MODE === 'production' || devicePacks;

/**
 * Owns the interface language: the built-in en/de/fr texts, plus packs from the device
 * (GET api/i18n/language, `webapp` subtree) whose missing keys fall back to English.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown>(() => builtIn(initialLocale()) ?? ENGLISH);
  // A pack being fetched from the device; the previous language stays until it arrives.
  const [pending, setPending] = useState<string | null>(() => {
    const locale = initialLocale();
    return builtIn(locale) || !packs() ? null : locale;
  });
  const [extra, setExtra] = useState<readonly LanguageEntry[]>([]);

  useEffect(() => {
    if (!packs()) return;
    let current = true;
    void getLanguages().then((list) => {
      if (current) setExtra(list.filter((entry) => !BUILT_IN_MESSAGES[entry.code]));
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (pending === null) return;
    let current = true;
    const settle = (next: Shown): void => {
      if (!current) return;
      setShown(next);
      setPending(null);
    };
    getLanguagePack(pending).then(
      (pack) => settle(isTree(pack?.webapp) ? { locale: pending, messages: pack.webapp } : ENGLISH),
      () => settle(ENGLISH),
    );
    return () => {
      current = false;
    };
  }, [pending]);

  useEffect(() => {
    document.documentElement.lang = shown.locale;
  }, [shown.locale]);

  const setLocale = useCallback((code: string) => {
    storeLocale(code);
    const messages = builtIn(code);
    if (messages) {
      setShown(messages);
      setPending(null);
    } else setPending(code);
  }, []);

  const value = useMemo<I18n>(() => {
    const translator = indexedKeys(createTranslator([shown.messages, ENGLISH.messages]));
    return {
      ...translator,
      tm: (key, params = {}) =>
        markup(
          translator.t(
            key,
            Object.fromEntries(
              Object.entries(params).map(([name, value]) => [name, escapeMarkup(String(value ?? ''))]),
            ),
          ),
        ),
      locale: shown.locale,
      languages: [...BUILT_IN_LANGUAGES, ...extra],
      setLocale,
    };
  }, [shown, extra, setLocale]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n needs an I18nProvider');
  return context;
}
