// The CSS of index.html's first paint (src/boot/first-paint.ts): the rules of the app's
// stylesheet its markup uses, as app.js injects them (same custom property names), so
// nothing changes when the app's stylesheet joins them. The paint is looked at, not used,
// for the second before the app takes over: what only answers the pointer or the keyboard
// (hover, focus, active) and transitions are left out.
import { PurgeCSS } from 'purgecss';
import ts from 'typescript';

const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)\b|::?-(webkit|moz)-/;

/** Splits at top-level commas (not those inside `:not(a, b)`). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, list.slice(start)];
}

/** Minified CSS without the selectors of INTERACTION and without transitions. */
export function withoutInteraction(css: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const head = css.slice(i, open);
    if (head.startsWith('@')) {
      // A block of rules (@media, @supports) or of declarations (@font-face, @keyframes' steps).
      let depth = 1;
      let end = open + 1;
      for (; depth > 0 && end < css.length; end += 1) {
        if (css[end] === '{') depth += 1;
        else if (css[end] === '}') depth -= 1;
      }
      const body = css.slice(open + 1, end - 1);
      const inner =
        head.startsWith('@media') || head.startsWith('@supports') ? withoutInteraction(body) : body;
      if (inner) out += `${head}{${inner}}`;
      i = end;
      continue;
    }
    const close = css.indexOf('}', open);
    const kept = selectors(head).filter((selector) => !INTERACTION.test(selector));
    const declarations = css
      .slice(open + 1, close)
      .split(';')
      .filter((declaration) => !/^transition\s*:/.test(declaration))
      .join(';');
    if (kept.length && declarations) out += `${kept.join(',')}{${declarations}}`;
    i = close + 1;
  }
  return out;
}

/**
 * What may name a class, element or attribute in index.html: its markup outside scripts,
 * and in its scripts only string literals (the first paint's markup is built from them;
 * minified names such as `b` or `hr` would keep rules for elements it never makes).
 */
export function markupWords(html: string): string {
  const literals: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) literals.push(node.text);
    ts.forEachChild(node, visit);
  };
  for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    visit(ts.createSourceFile('inline.js', code!, ts.ScriptTarget.Latest));
  }
  return [html.replace(/<script>[\s\S]*?<\/script>/g, ''), ...literals].join('\n');
}

/** The rules of `css` that `html` (index.html with its scripts) uses, as above. */
export async function criticalCss(css: string, html: string): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: markupWords(html), extension: 'html' }],
    css: [{ raw: withoutInteraction(css) }],
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  return result?.css ?? '';
}
