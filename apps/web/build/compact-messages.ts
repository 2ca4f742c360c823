// The built-in translations as one compact module: the key list once, then each
// language's texts in key order. Three JSON trees repeat every key three times and
// spread them beyond gzip's 32 kB window; this form stores them once. The app rebuilds
// the trees at start (src/i18n/languages.ts), so language packs and the runtime keep
// working on trees.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const MESSAGES_MODULE = 'virtual:built-in-messages';
const RESOLVED = `\0${MESSAGES_MODULE}`;
/** English first: its keys are the list; a language lacking a key falls back to English. */
export const BUILT_IN_CODES = ['en', 'de', 'fr'] as const;

type Tree = { [name: string]: string | Tree };

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [name, node] of Object.entries(tree)) {
    if (typeof node === 'string') into.set(prefix + name, node);
    else flatten(node, `${prefix}${name}.`, into);
  }
  return into;
}

/** `keys` and, per language, its texts in the same order (null where it has none). */
export function compactMessages(trees: Readonly<Record<string, Tree>>): {
  keys: string[];
  texts: Record<string, (string | null)[]>;
} {
  const flat = Object.fromEntries(Object.entries(trees).map(([code, tree]) => [code, flatten(tree)]));
  const keys = [...(flat[BUILT_IN_CODES[0]]?.keys() ?? [])];
  const texts = Object.fromEntries(
    Object.entries(flat).map(([code, messages]) => [code, keys.map((key) => messages.get(key) ?? null)]),
  );
  return { keys, texts };
}

export function builtInMessages(dir: URL): Plugin {
  const files = BUILT_IN_CODES.map((code) => fileURLToPath(new URL(`${code}.json`, dir)));
  return {
    name: 'opendtu-built-in-messages',
    resolveId: (id) => (id === MESSAGES_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const trees: Record<string, Tree> = {};
      BUILT_IN_CODES.forEach((code, index) => {
        const file = files[index]!;
        this.addWatchFile(file);
        trees[code] = JSON.parse(readFileSync(file, 'utf8')) as Tree;
      });
      const { keys, texts } = compactMessages(trees);
      return `export const keys = ${JSON.stringify(keys)};\nexport const texts = ${JSON.stringify(texts)};\n`;
    },
  };
}
