// The built-in translations as one compact module, and a build step that turns message
// keys in `t('a.b')` calls into their index in the key list.
//
// Storage: the key list once, grouped by its first part (`menu:About,Login;base:Yes`),
// then each language's texts as one string in key order, separated by `~`. A German or
// French text equal to the English one is stored empty: the translator falls back to
// English for it anyway. Three JSON trees would repeat every key three times and spread
// them beyond gzip's 32 kB window. The app unpacks a language when it is first shown
// (src/i18n/languages.ts), so language packs and the runtime keep working on trees.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const MESSAGES_MODULE = 'virtual:built-in-messages';
const RESOLVED = `\0${MESSAGES_MODULE}`;
/**
 * Between two texts of a language: a character no text holds, one byte in the JSON string
 * where a line break takes two (`\\n`); src/i18n/languages.ts splits on the same.
 */
export const SEPARATOR = '~';
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

/**
 * The key list as stored: `group:name,name;group:name` (every key is `group.name`); a key in
 * `nameless` is stored as an empty name (`group:name,,name`).
 */
export function packKeys(keys: readonly string[], nameless: ReadonlySet<string> = new Set()): string {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const dot = key.indexOf('.');
    if (dot < 1 || key.indexOf('.', dot + 1) >= 0 || /[,;:\n]/.test(key)) {
      throw new Error(`message key "${key}" is not of the form group.name`);
    }
    const group = key.slice(0, dot);
    groups.set(group, [...(groups.get(group) ?? []), nameless.has(key) ? '' : key.slice(dot + 1)]);
  }
  return [...groups].map(([group, names]) => `${group}:${names.join(',')}`).join(';');
}

/** `keys` (packed, `nameless` without their names) and, per language, its texts in key order. */
export function compactMessages(
  trees: Readonly<Record<string, Tree>>,
  nameless: ReadonlySet<string> = new Set(),
): {
  keys: string;
  order: string[];
  texts: Record<string, string>;
} {
  const flat = Object.fromEntries(Object.entries(trees).map(([code, tree]) => [code, flatten(tree)]));
  const english = flat[BUILT_IN_CODES[0]] ?? new Map<string, string>();
  // Keys of a group together (a key added later at the end of en.json joins its group),
  // the same order as the packed list, so an index means the same key in both.
  const all = [...english.keys()];
  const grouped = [...new Set(all.map((key) => key.split('.')[0]!))].flatMap((group) =>
    all.filter((key) => key.split('.')[0] === group),
  );
  const texts = Object.fromEntries(
    Object.entries(flat).map(([code, messages]) => [
      code,
      grouped
        .map((key) => {
          const text = messages.get(key) ?? '';
          if (text.includes(SEPARATOR)) throw new Error(`${code} ${key}: a message cannot hold ${SEPARATOR}`);
          if (code === BUILT_IN_CODES[0] && text === '') throw new Error(`en ${key} is empty`);
          return code !== BUILT_IN_CODES[0] && text === english.get(key) ? '' : text;
        })
        .join(SEPARATOR),
    ]),
  );
  return { keys: packKeys(grouped, nameless), order: grouped, texts };
}

/** The trees without the key groups `skipped` (texts of screens this build does not contain). */
function readTrees(files: readonly string[], skipped: readonly string[]): Record<string, Tree> {
  return Object.fromEntries(
    BUILT_IN_CODES.map((code, index) => {
      const tree = JSON.parse(readFileSync(files[index]!, 'utf8')) as Tree;
      for (const group of skipped) delete tree[group];
      return [code, tree];
    }),
  );
}

/**
 * `t('menu.About')`, `tc('…', n)`, `tm('…')` and `has('…')` with a literal key of the list become
 * `t(12)`: the key text then exists once, in the list (src/i18n/languages.ts maps the
 * index back). So does any other string literal equal to a key (`{ key: 'home.LimitRange' }`,
 * menu tables): the code only ever hands such a value to the translator, compares it with
 * another literal, or uses it as a React key (review this when a key's text is used
 * otherwise). Index 0 stays a string: a falsy key would read as "no message". Keys built at
 * run time (`t(\`apiresponse.${code}\`)`) stay strings.
 */
export function indexMessageKeys(code: string, index: ReadonlyMap<string, number>): string {
  const indexOf = (key: string) => (index.get(key) ? String(index.get(key)) : undefined);
  return code
    .replace(/\b(t|tc|tm|has)\(\s*(['"`])([\w. -]+)\2/g, (call, name: string, _quote, key: string) =>
      index.has(key) ? `${name}(${index.get(key)}` : call,
    )
    .replace(/(['"])([\w.]+)\1/g, (literal, _quote, key: string) => indexOf(key) ?? literal);
}

/**
 * The app's own keys (not in `packKeys`, the device's key tree) that `sources` name only as
 * whole literals, which the build turns into indexes: their names are needed neither by the
 * code nor by any language pack made for the device, so the list stores them nameless (740
 * bytes of flash). A key a source builds at run time (`` `control.Reason_${reason}` ``,
 * `'loggingadmin.log_' + level`) or a text links to (`@:group.name`) keeps its name.
 */
export function namelessKeys(
  keys: readonly string[],
  packKeys: ReadonlySet<string>,
  sources: readonly string[],
  texts: readonly string[],
): Set<string> {
  const code = sources.join('\n');
  const literal = new Set([...code.matchAll(/(['"`])([\w.]+)\1/g)].map((match) => match[2]!));
  const built = [...code.matchAll(/`([A-Za-z]+\.\w*)\$\{|(['"])([A-Za-z]+\.\w*)\2\s*\+/g)].map(
    (match) => match[1] ?? match[3]!,
  );
  const linked = new Set(texts.join('\n').match(/(?<=@:\(?)[\w.]+/g));
  return new Set(
    keys.filter(
      (key) =>
        !packKeys.has(key) &&
        literal.has(key) &&
        !linked.has(key) &&
        !built.some((prefix) => key.startsWith(prefix)),
    ),
  );
}

/** The source files of `dir` the build reads (tests left out), as text. */
function readSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

export function builtInMessages(dir: URL, skipped: readonly string[] = []): Plugin[] {
  const files = BUILT_IN_CODES.map((code) => fileURLToPath(new URL(`${code}.json`, dir)));
  const source = fileURLToPath(new URL('..', dir));
  const packKeysFile = fileURLToPath(new URL('pack-keys.json', dir));
  let index: Map<string, number> | undefined;
  let build = false;
  return [
    {
      name: 'opendtu-built-in-messages',
      configResolved(config) {
        build = config.command === 'build';
      },
      resolveId: (id) => (id === MESSAGES_MODULE ? RESOLVED : undefined),
      load(id) {
        if (id !== RESOLVED) return undefined;
        for (const file of files) this.addWatchFile(file);
        const trees = readTrees(files, skipped);
        const { order, texts: plain } = compactMessages(trees);
        // Only the build writes keys as indexes; the dev server and unit tests look them up by name.
        const nameless = build
          ? namelessKeys(
              order,
              new Set(Object.keys((JSON.parse(readFileSync(packKeysFile, 'utf8')) as { keys: object }).keys)),
              readSources(source),
              Object.values(plain),
            )
          : undefined;
        const { keys, texts } = compactMessages(trees, nameless);
        return `export const keys = ${JSON.stringify(keys)};\nexport const texts = ${JSON.stringify(texts)};\n`;
      },
    },
    {
      // Only in the build: the dev server and unit tests keep readable keys.
      name: 'opendtu-message-key-index',
      apply: 'build',
      transform(code, id) {
        if (!id.startsWith(source) || !/\.tsx?$/.test(id)) return undefined;
        index ??= new Map(compactMessages(readTrees(files, skipped)).order.map((key, i) => [key, i]));
        const result = indexMessageKeys(code, index);
        return result === code ? undefined : { code: result, map: null };
      },
    },
  ];
}
