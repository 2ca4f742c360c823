import { ResponseCode } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import de from '../src/i18n/de.json';
import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';
import packKeyTree from '../src/i18n/pack-keys.json';
import { createTranslator, leafKeys, lookup, pluralForms, type MessageTree } from '../src/i18n/runtime';

interface PackKey {
  params?: string[];
  plural_forms?: number;
  link?: string;
}

// The device's key tree: a copy of the team's shared/i18n/pack-keys.json (facts about the
// language-pack format, kept in the repository so a clean checkout tests on its own).
const packKeys = (packKeyTree as { keys: Record<string, PackKey> }).keys;

const LANGUAGES: Record<string, MessageTree> = { en, de, fr };

function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([\w-]+)\s*\}/g)].map((match) => match[1]!).sort();
}

describe('our translations', () => {
  const englishKeys = leafKeys(en);

  it.each(['de', 'fr'])('%s has every key en has, and no other', (code) => {
    const keys = leafKeys(LANGUAGES[code]!);
    expect(englishKeys.filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !englishKeys.includes(key))).toEqual([]);
  });

  it('has every key the app needs now: menu, base, wait, Error, localeswitcher, login, apiresponse, dataagedisplay', () => {
    const groups = [
      'menu',
      'base',
      'wait',
      'Error',
      'localeswitcher',
      'login',
      'apiresponse',
      'dataagedisplay',
    ];
    const needed = Object.keys(packKeys).filter((key) => groups.includes(key.split('.')[0]!));
    expect(needed.filter((key) => lookup(en, key) === undefined)).toEqual([]);
  });

  it.each(Object.keys(LANGUAGES))(
    '%s has a text for every answer code the device sends (spec §8)',
    (code) => {
      // 1000 is only the base of the numbering; 1007 comes with HTTP 500, which the Error
      // screen shows with the device's own message.
      const shown = Object.values(ResponseCode).filter(
        (value) => value !== ResponseCode.GenericBase && value !== ResponseCode.GenericInternalServerError,
      );
      expect(shown).toContain(4010);
      expect(shown.filter((value) => !lookup(LANGUAGES[code]!, `apiresponse.${value}`))).toEqual([]);
    },
  );

  it.each(Object.keys(LANGUAGES))(
    '%s uses only the placeholders and plural forms the pack format defines',
    (code) => {
      const tree = LANGUAGES[code]!;
      for (const key of leafKeys(tree)) {
        const spec = packKeys[key];
        const message = lookup(tree, key)!;
        if (!spec || spec.link) continue;
        for (const name of placeholders(message)) expect(spec.params ?? [], `${code} ${key}`).toContain(name);
        expect(pluralForms(message).length, `${code} ${key}`).toBe(spec.plural_forms ?? 1);
      }
    },
  );

  it.each(Object.keys(LANGUAGES))('%s has no broken links', (code) => {
    const t = createTranslator([LANGUAGES[code]!]);
    expect(leafKeys(LANGUAGES[code]!).filter((key) => !t.has(key))).toEqual([]);
  });
});
