// A small runtime for the device's language-pack message syntax (contract §10.1): the
// `webapp` tree of a pack is a vue-i18n message tree. Supported: `{name}` placeholders,
// `{'text'}` literals, `@:key` links (optionally `@.lower:`, `@.upper:`, `@.capitalize:`),
// and `a | b | c` plural forms chosen like vue-i18n does by default.
import type { MessageTree } from '@opendtu/api';

export type { MessageTree };
export type Params = { readonly [name: string]: string | number | undefined };

const MAX_LINK_DEPTH = 8;
/**
 * Characters of message text one message may take in while its links are expanded,
 * counted as each linked message is read, so expansion stops early: six links per level
 * grow to millions of characters by depth 8. Each link is at least 3 characters of the
 * message holding it, so this bounds the work as well as the output.
 */
const MAX_EXPANSION = 4096;
const LINK = /@(?:\.(lower|upper|capitalize))?:([\w-]+(?:[.:][\w-]+)*|\([^)]*\))/g;
const PLACEHOLDER = /\{\s*(?:'([^']*)'|([\w-]+))\s*\}/g;

/** The string at a dotted key, or undefined when it is missing or not a string. */
export function lookup(tree: MessageTree | undefined, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Splits a message on `|` outside `{...}` into its plural forms. */
export function pluralForms(message: string): string[] {
  const forms: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of message) {
    if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    if (char === '|' && depth === 0) {
      forms.push(current.trim());
      current = '';
    } else current += char;
  }
  forms.push(current.trim());
  return forms;
}

/** vue-i18n's default choice: two forms are one | many, three are zero | one | many. */
export function pluralIndex(count: number, forms: number): number {
  const n = Math.abs(count);
  if (forms === 2) return n === 1 ? 0 : 1;
  return Math.min(n, 2, forms - 1);
}

/** Replaces `{name}` by its parameter (empty when absent) and `{'x'}` by `x`. */
export function interpolate(message: string, params: Params = {}): string {
  return message.replace(PLACEHOLDER, (_all, literal: string | undefined, name: string | undefined) => {
    if (literal !== undefined) return literal;
    const value = name === undefined ? undefined : params[name];
    return value === undefined ? '' : String(value);
  });
}

function applyModifier(text: string, modifier: string | undefined): string {
  if (modifier === 'lower') return text.toLowerCase();
  if (modifier === 'upper') return text.toUpperCase();
  if (modifier === 'capitalize') return text.charAt(0).toUpperCase() + text.slice(1);
  return text;
}

export interface Translator {
  /** The message at `key` with its parameters; the key itself when no tree has it. */
  t(key: string, params?: Params): string;
  /** A plural message: the form for `count`, with `{n}` and `{count}` set to it. */
  tc(key: string, count: number, params?: Params): string;
  /** Whether some tree holds a usable message at `key`. */
  has(key: string): boolean;
}

/** Packs already reported as too deep or too long (one console warning each). */
const reported = new WeakSet<object>();

/**
 * A translator over message trees in order of preference (the chosen language, then
 * English). A message whose links cannot be resolved counts as missing in that tree, so
 * a pack with a broken link falls back to the next tree instead of showing it raw. A
 * message whose links loop or blow up (beyond MAX_LINK_DEPTH or MAX_EXPANSION) is taken
 * from the last tree alone, English.
 */
export function createTranslator(trees: readonly (MessageTree | undefined)[]): Translator {
  let budget = 0;
  let overflow = false;

  function expand(message: string, depth: number, chain: typeof trees): string | undefined {
    budget -= message.length;
    if (depth > MAX_LINK_DEPTH || budget < 0) overflow = true;
    if (overflow) return undefined;
    let broken = false;
    const text = message.replace(LINK, (_all, modifier: string | undefined, target: string) => {
      const key = target.startsWith('(') ? target.slice(1, -1).trim() : target;
      const linked = broken ? undefined : find(key, depth + 1, chain);
      if (linked === undefined) broken = true;
      return applyModifier(linked ?? '', modifier);
    });
    return broken ? undefined : text;
  }

  // The first message at `key` whose links expand. `pick` selects the part of the raw
  // message to use (a plural form) before its links are expanded, so a linked text
  // containing `|` is not split again.
  function find(
    key: string,
    depth: number,
    chain: typeof trees,
    pick = (raw: string) => raw,
  ): string | undefined {
    for (const tree of chain) {
      const message = lookup(tree, key);
      // A blank text is as good as none (a pack must not blank out a button or a label).
      if (!message?.trim()) continue;
      const text = expand(pick(message), depth, chain);
      if (text !== undefined || overflow) return text;
    }
    return undefined;
  }

  function resolve(key: string, pick?: (raw: string) => string): string | undefined {
    budget = MAX_EXPANSION;
    overflow = false;
    const text = find(key, 0, trees, pick);
    if (!overflow) return text;
    const pack = trees[0];
    if (pack && !reported.has(pack)) {
      reported.add(pack);
      // eslint-disable-next-line no-console -- the one trace of a pack that is repaired silently otherwise
      console.warn('Language: links loop or grow too long, English shown for', key);
    }
    budget = MAX_EXPANSION;
    overflow = false;
    return find(key, 0, trees.slice(-1), pick);
  }

  return {
    t(key, params) {
      const message = resolve(key);
      return message === undefined ? key : interpolate(message, params);
    },
    tc(key, count, params) {
      const form = resolve(key, (raw) => {
        const forms = pluralForms(raw);
        return forms[pluralIndex(count, forms.length)] ?? '';
      });
      return form === undefined ? key : interpolate(form, { n: count, count, ...params });
    },
    has(key) {
      return resolve(key) !== undefined;
    },
  };
}

/** Every leaf key of a tree in dotted form (for completeness checks). */
export function leafKeys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, node]) =>
    typeof node === 'string' ? [prefix + name] : leafKeys(node, `${prefix}${name}.`),
  );
}
