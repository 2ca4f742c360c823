import type { LanguagePack } from '@opendtu/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../src/i18n/en.json';
import esPack from './fixtures/es.lang.json';
import {
  createTranslator,
  interpolate,
  lookup,
  pluralForms,
  pluralIndex,
  type MessageTree,
} from '../src/i18n/runtime';

describe('placeholders', () => {
  it('replaces named placeholders and keeps literals', () => {
    expect(interpolate('From {min} to {max} kHz', { min: 1, max: 2 })).toBe('From 1 to 2 kHz');
    expect(interpolate("mail{'@'}host {  n }", { n: 3 })).toBe('mail@host 3');
  });

  it('renders a missing parameter as nothing', () => {
    expect(interpolate('Limit {max}!', {})).toBe('Limit !');
  });
});

describe('lookup', () => {
  it('follows dotted keys to strings only', () => {
    const tree = { a: { b: 'x', c: { d: 'y' } } };
    expect(lookup(tree, 'a.b')).toBe('x');
    expect(lookup(tree, 'a.c')).toBeUndefined();
    expect(lookup(tree, 'a.c.d.e')).toBeUndefined();
    expect(lookup(tree, 'toString')).toBeUndefined();
  });

  it('reads keys with spaces', () => {
    expect(lookup({ p: { 'Power DC': 'DC power' } }, 'p.Power DC')).toBe('DC power');
  });
});

describe('links', () => {
  const t = createTranslator([
    {
      base: { Yes: 'Yes', Cancel: 'Cancel' },
      devinfo: { Yes: '@:base.Yes', Shout: '@.upper:base.Yes!', Both: '@:base.Yes / @:(base.Cancel).' },
      loop: { a: '@:loop.b', b: '@:loop.a' },
      broken: { x: '@:apiresponse:5004' },
    },
    { broken: { x: 'English fallback' } },
  ]);

  it('expands links, with modifiers and several in one message', () => {
    expect(t.t('devinfo.Yes')).toBe('Yes');
    expect(t.t('devinfo.Shout')).toBe('YES!');
    expect(t.t('devinfo.Both')).toBe('Yes / Cancel.');
  });

  it('falls back to the next tree when a link is broken, and never loops', () => {
    expect(t.t('broken.x')).toBe('English fallback');
    expect(t.t('loop.a')).toBe('loop.a');
  });
});

describe('plurals', () => {
  it('chooses zero | one | many for three forms and one | many for two', () => {
    expect([0, 1, 2, 7].map((n) => pluralIndex(n, 3))).toEqual([0, 1, 2, 2]);
    expect([0, 1, 2].map((n) => pluralIndex(n, 2))).toEqual([1, 0, 1]);
    expect(pluralIndex(5, 1)).toBe(0);
  });

  it('splits on pipes outside placeholders only', () => {
    expect(pluralForms("none | {'|'} one | {n} many")).toEqual(['none', "{'|'} one", '{n} many']);
  });

  it('sets n and count to the number', () => {
    const t = createTranslator([{ age: { s: 'now | {n} second | {count} seconds' } }]);
    expect(t.tc('age.s', 0)).toBe('now');
    expect(t.tc('age.s', 1)).toBe('1 second');
    expect(t.tc('age.s', 42)).toBe('42 seconds');
  });
});

describe('fallback', () => {
  it('uses English for keys the chosen language lacks, and the key when none has it', () => {
    const t = createTranslator([{ menu: { About: 'Über' } }, en]);
    expect(t.t('menu.About')).toBe('Über');
    expect(t.t('menu.Login')).toBe(en.menu.Login);
    expect(t.t('no.such.key')).toBe('no.such.key');
    expect(t.has('no.such.key')).toBe(false);
  });
});

describe('a language pack in the device format', () => {
  const pack: LanguagePack = esPack;
  const t = createTranslator([pack.webapp, en]);

  it('translates from its webapp subtree with placeholders and plurals', () => {
    expect(pack.meta).toEqual({ name: 'Español', code: 'es' });
    expect(t.t('menu.LiveView')).toBe('Vista en vivo');
    expect(t.t('apiresponse.4002', { max: 31 })).toBe('El nombre debe tener entre 1 y 31 caracteres.');
    expect(t.tc('dataagedisplay.SecondsSince', 1)).toBe('1 segundo');
  });

  it('falls back to English for missing keys and broken links', () => {
    expect(t.t('menu.Console')).toBe(en.menu.Console);
    // The pack's own link points at a key it lacks: the English target is used.
    expect(t.t('apiresponse.4001')).toBe(en.apiresponse['2001']);
    // The device's broken "@:apiresponse:5004" link: the English message of the key is
    // used, and its own (valid) link leads back to the pack's text.
    expect(en.apiresponse['11002']).toBe('@:apiresponse.5004');
    expect(t.t('apiresponse.11002')).toBe('Inversor no válido.');
  });
});

describe('a hostile pack', () => {
  /** `levels` messages, each linking `fan` times to the next; the last one is `leaf`. */
  function linkBomb(fan: number, levels: number, leaf: string): MessageTree {
    const bomb: MessageTree = {};
    for (let level = 0; level < levels; level += 1) bomb[`l${level}`] = `@:bomb.l${level + 1} `.repeat(fan);
    bomb[`l${levels}`] = leaf;
    return bomb;
  }

  /** The tree, counting every message it is asked for. */
  function counted(tree: MessageTree): { tree: MessageTree; reads: () => number } {
    let reads = 0;
    const wrap = (node: MessageTree): MessageTree =>
      new Proxy(node, {
        get(target, name) {
          const value = Reflect.get(target, name) as MessageTree[string] | undefined;
          if (typeof value === 'string') reads += 1;
          return typeof value === 'object' ? wrap(value) : value;
        },
      });
    return { tree: wrap(tree), reads: () => reads };
  }

  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  beforeEach(() => warn.mockClear());

  it.each([
    ['text leaves', 'many words '.repeat(4)],
    ['one-character leaves', 'x'],
  ])('a 6x8 link bomb with %s: English, a bounded amount of work, one warning', (_name, leaf) => {
    // Expanded in full: 6^8 = 1,679,616 leaves.
    const pack = counted({ bomb: linkBomb(6, 8, leaf), menu: { About: '@:bomb.l0', Login: '@:bomb.l1' } });
    const t = createTranslator([pack.tree, en]);
    expect(t.t('menu.About')).toBe(en.menu.About);
    expect(t.t('menu.Login')).toBe(en.menu.Login);
    expect(pack.reads()).toBeLessThan(2_000);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]).toContain('menu.About');
  });

  it('a text that grows within the depth limit is cut off at a few kilobytes, not after', () => {
    const pack = counted({ bomb: linkBomb(2, 8, 'x'.repeat(100)), menu: { About: '@:bomb.l0' } });
    const t = createTranslator([pack.tree, en]);
    // 2^8 x 100 characters = 25,600: more than the limit allows.
    expect(t.t('menu.About')).toBe(en.menu.About);
    expect(pack.reads()).toBeLessThan(100);
    // Within it, the same links expand.
    const small = createTranslator([
      { bomb: linkBomb(2, 4, 'x'.repeat(100)), menu: { About: '@:bomb.l0' } },
      en,
    ]);
    expect(small.t('menu.About')).toHaveLength(16 * 100 + 2 + 4 + 8 + 16);
  });

  it('blank texts count as missing', () => {
    const t = createTranslator([{ login: { LoginButton: '', Username: '  ' } }, en]);
    expect(t.t('login.LoginButton')).toBe(en.login.LoginButton);
    expect(t.t('login.Username')).toBe(en.login.Username);
  });

  it('a loop that fans out, and an English text linking into the pack, still end in English', () => {
    const t = createTranslator([
      {
        loop: { a: '@:loop.a @:loop.a @:loop.a' },
        menu: { About: '@:loop.a' },
        apiresponse: { 5004: '@:loop.a' },
      },
      en,
    ]);
    expect(t.t('menu.About')).toBe(en.menu.About);
    // English 11002 links to 5004, which the pack holds as the loop: English alone answers.
    expect(en.apiresponse['11002']).toBe('@:apiresponse.5004');
    expect(t.t('apiresponse.11002')).toBe(en.apiresponse['5004']);
    expect(t.tc('dataagedisplay.SecondsSince', 2)).toBe(
      createTranslator([en]).tc('dataagedisplay.SecondsSince', 2),
    );
    expect(warn).toHaveBeenCalledOnce();
  });
});
