import { describe, expect, it } from 'vitest';
import { compactMessages } from '../build/compact-messages';
import de from '../src/i18n/de.json';
import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';
import { BUILT_IN_MESSAGES, messageTree } from '../src/i18n/languages';

describe('the compact form of the built-in translations', () => {
  it('gives the app exactly the trees of en.json, de.json and fr.json', () => {
    expect(BUILT_IN_MESSAGES).toEqual({ en, de, fr });
  });

  it('lists each key once and leaves a language without a text to the English fallback', () => {
    const { keys, texts } = compactMessages({
      en: { menu: { About: 'About', Login: 'Login' } },
      de: { menu: { About: 'Über' } },
    });
    expect(keys).toEqual(['menu.About', 'menu.Login']);
    expect(texts).toEqual({ en: ['About', 'Login'], de: ['Über', null] });
    expect(messageTree(keys, texts.de!)).toEqual({ menu: { About: 'Über' } });
  });
});
