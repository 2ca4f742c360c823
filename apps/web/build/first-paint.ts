// The live view's first paint in index.html (src/boot/first-paint.ts): bundled on its
// own into one inline script, with its texts in en, de and fr taken from the app's
// translations and every text key turned into an index, so no key and no other text
// ships. The CSS its markup needs is added by build/device-bundle.ts (criticalCss).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { FIRST_PAINT_KEYS } from '../src/boot/first-paint-keys.ts';
import { createTranslator, type MessageTree } from '../src/i18n/runtime.ts';
import { BUILT_IN_CODES, indexMessageKeys } from './compact-messages.ts';

const LABELS_MODULE = 'virtual:first-paint-labels';

/**
 * Per language (en, de, fr), the texts of FIRST_PAINT_KEYS as the app shows them (links
 * resolved, English where a language lacks one), `{name}` placeholders kept; index 0 is
 * empty, since the key index step leaves a key of index 0 a string.
 */
export function firstPaintTexts(i18nDir: URL): string[][] {
  const english = JSON.parse(readFileSync(new URL('en.json', i18nDir), 'utf8')) as MessageTree;
  const keepPlaceholders = new Proxy({}, { get: (_target, name) => `{${String(name)}}` });
  return BUILT_IN_CODES.map((code) => {
    const tree = JSON.parse(readFileSync(new URL(`${code}.json`, i18nDir), 'utf8')) as MessageTree;
    const { t, has } = createTranslator([tree, english]);
    return [
      '',
      ...FIRST_PAINT_KEYS.map((key) => {
        if (!has(key)) throw new Error(`first paint: no text for ${key}`);
        return t(key, keepPlaceholders);
      }),
    ];
  });
}

/** The first paint as one script, minified by compactHtml with index.html's own. */
export async function bundleFirstPaint(entry: URL, i18nDir: URL): Promise<string> {
  const source = fileURLToPath(new URL('.', new URL('..', entry)));
  const index = new Map(FIRST_PAINT_KEYS.map((key, i) => [key as string, i + 1]));
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'opendtu-first-paint-labels',
        resolveId: (id) => (id === LABELS_MODULE ? `\0${LABELS_MODULE}` : undefined),
        load: (id) =>
          id === `\0${LABELS_MODULE}`
            ? `export default ${JSON.stringify(firstPaintTexts(i18nDir))};`
            : undefined,
        transform: (code, id) =>
          id.startsWith(source) && /\.ts$/.test(id)
            ? { code: indexMessageKeys(code, index), map: null }
            : undefined,
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      lib: { entry: fileURLToPath(entry), formats: ['iife'], name: 'firstPaint' },
      rolldownOptions: { treeshake: { propertyReadSideEffects: false } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('first paint: no bundle');
  return chunk.code;
}

/**
 * Adds the first paint to index.html, after the app's root element (builds only: the dev
 * server shows the app alone). Unit tests and the dev server read its texts keyed by text
 * key instead of by index.
 */
export function firstPaint(entry: URL, i18nDir: URL): Plugin[] {
  return [
    {
      name: 'opendtu-first-paint',
      apply: 'build',
      async transformIndexHtml() {
        return [{ tag: 'script', children: await bundleFirstPaint(entry, i18nDir), injectTo: 'body' }];
      },
    },
    {
      name: 'opendtu-first-paint-labels',
      apply: 'serve',
      resolveId: (id) => (id === LABELS_MODULE ? `\0${LABELS_MODULE}` : undefined),
      load(id) {
        if (id !== `\0${LABELS_MODULE}`) return undefined;
        const byKey = firstPaintTexts(i18nDir).map((texts) =>
          Object.fromEntries(FIRST_PAINT_KEYS.map((key, i) => [key, texts[i + 1]])),
        );
        return `export default ${JSON.stringify(byKey)};`;
      },
    },
  ];
}
