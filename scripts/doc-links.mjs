// Relative links and #anchors in the repository's Markdown, and docs/ paths named in source
// comments, checked the way GitHub resolves them: a link's file (or folder) must exist, and
// an anchor into a Markdown file must match one of its headings by GitHub's slug rules.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Folders never walked: installed packages, builds, test output, local data. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'dist-companion', 'data', 'test-results', '.vite']);
const SOURCE = /\.(ts|tsx|mjs|js|service|env)$/;

/** Every file under `root` whose name `wanted` accepts, skipping the folders above. */
export function walk(root, wanted, dir = root) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) found.push(...walk(root, wanted, join(dir, entry.name)));
    } else if (wanted(entry.name)) found.push(join(dir, entry.name));
  }
  return found;
}

/** The text with fenced code blocks blanked (their lines kept, so line numbers hold). */
function withoutFences(text) {
  let fence;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined) {
        if (marker) fence = marker;
        return marker ? '' : line;
      }
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    })
    .join('\n');
}

/** A line with its inline code spans blanked. */
const withoutCode = (line) => line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));

/**
 * GitHub's anchor for a heading: its text as rendered (links as their text, no emphasis or
 * code marks), lower case, only letters, digits, `_`, `-` and spaces kept, spaces as `-`.
 */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`|\*\*|__|\*/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text offers: its headings' slugs (repeats get -1, -2, ...) and HTML ids. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:name|id)="([^"]+)"/gi)) anchors.add(match[1]);
  }
  return anchors;
}

/** The link targets of a Markdown text with their line numbers: inline links, images, definitions. */
export function linksOf(markdown) {
  const links = [];
  withoutFences(markdown)
    .split('\n')
    .forEach((raw, index) => {
      const line = withoutCode(raw);
      for (const match of line.matchAll(
        /\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+["'(][^)]*)?\)/g,
      ))
        links.push({ target: match[1].replace(/^<|>$/g, ''), line: index + 1 });
      const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
      if (definition) links.push({ target: definition[1].replace(/^<|>$/g, ''), line: index + 1 });
    });
  return links;
}

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * What is wrong with `target` as a link from `file`, or undefined when it resolves.
 * `read` gives a Markdown file's text (cached by the caller).
 */
export function problemOf(file, target, read = (path) => readFileSync(path, 'utf8')) {
  if (target === '' || isExternal(target)) return undefined;
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const path = pathPart === '' ? file : resolve(dirname(file), pathPart);
  if (!existsSync(path)) return `${pathPart} does not exist`;
  if (anchor === undefined || anchor === '' || !path.endsWith('.md') || statSync(path).isDirectory())
    return undefined;
  return anchorsOf(read(path)).has(anchor.toLowerCase())
    ? undefined
    : `${pathPart || 'this file'} has no heading for #${anchor}`;
}

/** Every broken link of the Markdown files under `root`, as `file:line: target: why`. */
export function brokenMarkdownLinks(root) {
  const texts = new Map();
  const read = (path) => {
    if (!texts.has(path)) texts.set(path, readFileSync(path, 'utf8'));
    return texts.get(path);
  };
  const broken = [];
  for (const file of walk(root, (name) => name.endsWith('.md'))) {
    for (const { target, line } of linksOf(read(file))) {
      const problem = problemOf(file, target, read);
      if (problem) broken.push(`${relative(root, file)}:${line}: ${target}: ${problem}`);
    }
  }
  return broken;
}

/**
 * Every `docs/<page>.md[#anchor]` named in a source file that does not resolve from `root`
 * (this checker and its test, whose examples are made up, aside).
 */
export function brokenSourceLinks(root) {
  const broken = [];
  for (const file of walk(root, (name) => SOURCE.test(name) && !name.startsWith('doc-links.'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]+\.md(?:#[\w-]+)?/g)) {
          const problem = problemOf(join(root, 'source'), match[0]);
          if (problem) broken.push(`${relative(root, file)}:${index + 1}: ${match[0]}: ${problem}`);
        }
      });
  }
  return broken;
}
