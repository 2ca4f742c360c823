// Turns Vite's output into the firmware's web bundle: exactly six files, with the CSS
// purged of unused rules and injected by the single JavaScript file, and the three text
// files stored gzipped (the firmware serves them with Content-Encoding: gzip as they are)
// by the strongest encoder we have (build/flash-gzip.ts).
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PurgeCSS } from 'purgecss';
import { minify } from 'terser';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { criticalCss } from './critical-css.ts';
import { decodeAgainst, encodeAgainst, PAINT_STYLE_ID, styleInjection } from './css-reuse.ts';
import { gzipForFlash } from './flash-gzip.ts';

export const BUNDLE_FILES = [
  'favicon.ico',
  'favicon.png',
  'index.html.gz',
  'js/app.js.gz',
  'site.webmanifest',
  'zones.json.gz',
] as const;

const GZIPPED = ['index.html', 'js/app.js', 'zones.json'];

export interface DeviceBundleOptions {
  /** Folder of our own sources: the code the bundle renders from it names the classes. */
  source: string;
  /** Globs of files beside it whose class names count too (index.html). */
  content: string[];
  /** Class names only ever built at run time, kept even though no source names them. */
  safelist: (string | RegExp)[];
}

/**
 * What a module's code can name a class or an element with: its strings, the parts of its
 * template literals, its regular expressions (the markup's tag list) and its object keys
 * (`hidden`, `disabled` for attribute selectors). Not comments, nor the names of variables
 * and functions (`address()`, `code`), which kept CSS alive that nothing uses.
 */
export function namesIn(code: string): string {
  const file = ts.createSourceFile('module.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const words: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      words.push(node.text);
    } else if (
      (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
      ts.isIdentifier(node.name)
    ) {
      words.push(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return words.join(' ');
}

/**
 * The names in the code the chunk holds of each module under `source`, as the bundler
 * rendered it: what this build leaves out (the companion's screens in the device build, dead
 * branches) is not there.
 */
export function renderedCode(modules: Record<string, { code: string | null }>, source: string): string {
  return Object.entries(modules)
    .filter(([id, module]) => id.startsWith(source) && module.code)
    .map(([, module]) => namesIn(module.code!))
    .join('\n');
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const files: string[] = [];
  for (const entry of entries) {
    if ((await stat(join(dir, entry))).isFile()) files.push(entry.split('\\').join('/'));
  }
  return files.sort();
}

/**
 * Custom properties renamed to the shortest free names (`--a`, `--b`, ...), the most used
 * first: Bootstrap's `--bs-btn-hover-border-color` and its kin are read about a thousand
 * times in the purged CSS. Names in `keep` (those the code or index.html sets or reads)
 * stay as they are.
 */
export function shortenCustomProperties(css: string, keep: ReadonlySet<string>): string {
  const counts = new Map<string, number>();
  for (const [name] of css.matchAll(/--[\w-]+/g)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const names = new Map<string, string>();
  let next = 0;
  for (const [name] of [...counts].sort((a, b) => b[1] - a[1])) {
    if (keep.has(name)) continue;
    let short: string;
    do {
      let n = next++;
      short = '--';
      do {
        short += String.fromCharCode(97 + (n % 26));
        n = Math.floor(n / 26) - 1;
      } while (n >= 0);
    } while (keep.has(short) || counts.has(short));
    names.set(name, short);
  }
  return css.replace(/--[\w-]+/g, (name) => names.get(name) ?? name);
}

/**
 * index.html as stored: inline scripts minified (their comments explain the source, not
 * the device) and the indentation between tags gone.
 */
export async function compactHtml(html: string): Promise<string> {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  let result = html;
  for (const [tag, code] of scripts) {
    const { code: minified } = await minify(code!, { compress: { passes: 2 }, toplevel: true });
    result = result.replace(tag, `<script>${minified}</script>`);
  }
  return result.replace(/>\s+</g, '><').trim();
}

export function deviceBundle(options: DeviceBundleOptions): Plugin {
  let outDir = 'dist';
  return {
    name: 'opendtu-device-bundle',
    apply: 'build',
    // After Vite's own CSS plugin has emitted the stylesheet asset.
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      if (chunks.length !== 1) {
        this.error(`the device bundle needs exactly one JavaScript file, got ${chunks.length}`);
      }
      const [entry] = chunks;
      // Custom properties the code names (inline styles, SVG colours) must survive the
      // purge even where no kept rule reads them.
      const codeVariables = entry?.type === 'chunk' ? [...new Set(entry.code.match(/--bs-[\w-]+/g))] : [];
      const cssAssets = Object.values(bundle).filter(
        (item) => item.type === 'asset' && item.fileName.endsWith('.css'),
      );
      const css = cssAssets.map((item) => (item.type === 'asset' ? String(item.source) : '')).join('\n');
      const [purged] = css
        ? await new PurgeCSS().purge({
            content: [
              ...options.content,
              ...(entry?.type === 'chunk'
                ? [{ raw: renderedCode(entry.modules, options.source), extension: 'js' }]
                : []),
            ],
            css: [{ raw: css }],
            safelist: { standard: options.safelist, variables: codeVariables },
            variables: true,
            keyframes: true,
            fontFace: true,
          })
        : [];
      for (const item of cssAssets) delete bundle[item.fileName];

      const html = bundle['index.html'];
      const page =
        html?.type === 'asset'
          ? await compactHtml(String(html.source).replace(/\s*<link rel="stylesheet"[^>]*>/g, ''))
          : undefined;
      if (entry?.type === 'chunk' && purged?.css) {
        const keep = new Set((entry.code + (page ?? '')).match(/--[\w-]+/g));
        const appCss = shortenCustomProperties(purged.css, keep);
        // index.html's own markup (the live view's first paint) in the app's styles, which
        // app.js then takes from the page instead of holding them twice (build/css-reuse.ts).
        const critical = page ? await criticalCss(appCss, page) : '';
        const parts = encodeAgainst(appCss, critical);
        if (decodeAgainst(parts, critical) !== appCss)
          this.error('the stylesheet does not survive its encoding');
        entry.code = styleInjection(parts) + entry.code;
        if (html?.type === 'asset' && page) {
          html.source = critical
            ? page.replace('</head>', `<style id="${PAINT_STYLE_ID}">${critical}</style></head>`)
            : page;
        }
      } else if (html?.type === 'asset' && page) html.source = page;
    },
    async closeBundle() {
      for (const name of GZIPPED) {
        const file = join(outDir, name);
        const data = await readFile(file);
        await writeFile(`${file}.gz`, await gzipForFlash(data));
        await rm(file);
      }
      const files = await listFiles(outDir);
      const expected = [...BUNDLE_FILES].sort();
      if (files.join('\n') !== expected.join('\n')) {
        throw new Error(
          `device bundle in ${relative(process.cwd(), outDir)} must hold exactly ${expected.join(', ')}; found ${files.join(', ')}`,
        );
      }
    },
  };
}
