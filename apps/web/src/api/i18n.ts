import type { LanguageEntry, LanguagePack } from '@opendtu/api';
import { apiGet } from './client';

/** Packs on the device; failures and odd answers are an empty list (spec §7). */
export async function getLanguages(): Promise<LanguageEntry[]> {
  try {
    const list = await apiGet<unknown>('api/i18n/languages', { handleErrors: false });
    return Array.isArray(list)
      ? list.filter(
          (entry): entry is LanguageEntry =>
            typeof entry?.code === 'string' && typeof entry?.name === 'string' && entry.code !== '',
        )
      : [];
  } catch {
    return [];
  }
}

/** A whole pack; the caller falls back to English when this rejects. */
export const getLanguagePack = (code: string) =>
  apiGet<LanguagePack>(`api/i18n/language?code=${encodeURIComponent(code)}`, { handleErrors: false });
