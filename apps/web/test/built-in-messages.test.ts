import { describe, expect, it } from 'vitest';
import { compactMessages, indexMessageKeys, namelessKeys } from '../build/compact-messages';
import de from '../src/i18n/de.json';
import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';
import { BUILT_IN_MESSAGES, indexedKeys, MESSAGE_KEYS, messageTree } from '../src/i18n/languages';
import { createTranslator, leafKeys, lookup, type MessageTree } from '../src/i18n/runtime';

describe('the compact form of the built-in translations', () => {
  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ] as const)('shows every text of %s.json as the file has it', (code, tree) => {
    const translator = createTranslator([BUILT_IN_MESSAGES[code], BUILT_IN_MESSAGES.en]);
    const plain = createTranslator([tree as MessageTree]);
    for (const key of leafKeys(tree as MessageTree)) expect(translator.t(key), key).toBe(plain.t(key));
  });

  it('keeps every English key, in the order the index refers to', () => {
    expect([...MESSAGE_KEYS].sort()).toEqual(leafKeys(en).sort());
    expect(lookup(BUILT_IN_MESSAGES.en, MESSAGE_KEYS[0]!)).toBeDefined();
  });

  it('lists keys once by group and stores texts equal to English empty', () => {
    const { keys, texts, order } = compactMessages({
      en: { menu: { About: 'About', Login: 'Login' }, base: { Yes: 'Yes' }, more: { Ok: 'OK' } },
      de: { menu: { About: 'Über', Login: 'Login' }, more: { Ok: 'OK' } },
    });
    expect(keys).toBe('menu:About,Login;base:Yes;more:Ok');
    expect(order).toEqual(['menu.About', 'menu.Login', 'base.Yes', 'more.Ok']);
    expect(texts).toEqual({ en: 'About~Login~Yes~OK', de: 'Über~~~' });
    expect(messageTree(order, texts.de!.split('~'))).toEqual({ menu: { About: 'Über' } });
  });

  it("stores nameless the app's own keys that the code names only whole, and keeps every other name", () => {
    const sources = [
      "t('home.Sent'); const key = 'home.NoAck';",
      "t(`control.Reason_${reason}`); t('control.Reason_limit'); t('loggingadmin.log_' + level);",
      "t('menu.About'); t('fileadmin.Linked');",
    ];
    const keys = [
      'home.Sent',
      'home.NoAck',
      'home.Unused',
      'control.Reason_limit',
      'loggingadmin.log_info',
      'menu.About',
      'fileadmin.Linked',
    ];
    const nameless = namelessKeys(keys, new Set(['menu.About']), sources, ['See @:fileadmin.Linked']);
    expect([...nameless]).toEqual(['home.Sent', 'home.NoAck']);
    const { keys: packed } = compactMessages(
      { en: { home: { Sent: 'Sent', NoAck: 'No answer' }, menu: { About: 'About' } } },
      nameless,
    );
    expect(packed).toBe('home:,;menu:About');
  });

  it('keeps a key added later with its group', () => {
    const { order } = compactMessages({ en: { a: { X: 'x' }, b: { Y: 'y' } } });
    expect(order).toEqual(['a.X', 'b.Y']);
    expect(() => compactMessages({ en: { a: { X: 'one~two' } } })).toThrow(/cannot hold ~/);
  });
});

describe('message keys written as their index', () => {
  const index = new Map([
    ['menu.About', 0],
    ['home.Ok', 7],
  ]);

  it('replaces literal keys of t, tc, tm and has, any other literal key but index 0, and leaves everything else', () => {
    const code = [
      "t('menu.About')",
      'i18n.tc("home.Ok", n)',
      "tm('home.Ok')",
      'has(`menu.About`)',
      "t('menu.Unknown')",
      't(`apiresponse.${code}`)',
      "format('menu.About')",
      "const label = 'menu.About'",
      "const problem = { key: 'home.Ok' }",
      "const text = 'home.Ok is fine'",
    ].join('\n');
    expect(indexMessageKeys(code, index).split('\n')).toEqual([
      't(0)',
      'i18n.tc(7, n)',
      'tm(7)',
      'has(0)',
      "t('menu.Unknown')",
      't(`apiresponse.${code}`)',
      "format('menu.About')",
      "const label = 'menu.About'",
      'const problem = { key: 7 }',
      "const text = 'home.Ok is fine'",
    ]);
  });

  it('reads an index back as its key, and a string key as before', () => {
    const translator = indexedKeys(createTranslator([BUILT_IN_MESSAGES.en]));
    const key = MESSAGE_KEYS.indexOf('menu.About');
    expect(translator.t(key as unknown as string)).toBe(en.menu.About);
    expect(translator.t('menu.About')).toBe(en.menu.About);
    expect(translator.t('apiresponse.1001')).toBe(en.apiresponse['1001']);
    expect(translator.has(key as unknown as string)).toBe(true);
  });
});
