/** One entry of GET /api/i18n/languages (uploaded packs only, never en/de/fr). */
export interface LanguageEntry {
  code: string;
  name: string;
}

/** printf-style texts for the device's own display. */
export interface LanguagePackDisplay {
  date_format?: string;
  offline?: string;
  power_w?: string;
  power_kw?: string;
  yield_today_wh?: string;
  yield_today_kwh?: string;
  yield_total_kwh?: string;
  yield_total_mwh?: string;
}

/** A message tree: nested objects with string leaves. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/**
 * A `*.lang.json` file, as GET /api/i18n/language?code= returns it (contract §10.1).
 * The device ignores a pack whose `meta.name` or `meta.code` is empty.
 */
export interface LanguagePack {
  meta: { name: string; code: string };
  display?: LanguagePackDisplay;
  webapp?: MessageTree;
}
