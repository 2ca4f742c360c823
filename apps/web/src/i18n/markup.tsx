// Language packs may format hint and About texts with a small HTML subset (bold, links,
// code font, ...). Pack texts come from whoever wrote the pack, so they are never handed
// to innerHTML: this tolerant parser turns them into React elements, keeps only the
// allowed elements and attributes, and leaves the text of everything else.
import { createElement, Fragment, type ReactNode } from 'react';

type Props = Record<string, string>;
/** An element being read: tag, props, children so far. */
type Open = [tag: string, props: Props | null, children: ReactNode[]];

const ALLOWED = /^(a|b|strong|i|em|u|sub|sup|code|br|small|span|div)$/;
// Elements whose content is code, not text: dropped with everything inside.
const RAW = /^(script|style)$/;
const TAG = /<!--[\s\S]*?(?:-->|$)|<!?(\/?)([a-z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const ENTITY = /&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED: Props = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Replaces the entities packs use (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`, numeric). */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_all, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()]!;
    const code = /x/i.test(name) ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** Text that reads as itself once parsed: for values put into a message (names, errors). */
export const escapeMarkup = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Browsers drop tabs and newlines inside a URL's scheme, so they are dropped before the
// check too ("java&#9;script:" is still javascript:). Anything with a scheme but http(s)
// is refused; a URL without one is relative.
function safeUrl(href: string | undefined): boolean {
  const url = (href ?? ':').replace(/[\0- \x7f]/g, '');
  return /^https?:/i.test(url) || !/^[^/?#]*:/.test(url);
}

/** The React props of an allowed element, or undefined to keep only its text. */
function allowedProps(tag: string, attributes: string): Props | undefined {
  if (!ALLOWED.test(tag)) return undefined;
  const props: Props = {};
  for (const [, name, ...values] of attributes.matchAll(ATTRIBUTE)) {
    const value = decodeEntities(values.find((v) => v !== undefined) ?? '');
    const attribute = name!.toLowerCase();
    if (attribute === 'class') props.className = value;
    else if (tag === 'a' && attribute === 'href') props.href = value;
    else if (tag === 'a' && attribute === 'target') props.target = '_blank';
  }
  if (tag !== 'a') return props;
  return safeUrl(props.href) ? { ...props, rel: 'noopener noreferrer' } : undefined;
}

/**
 * A text with markup as React elements: `b strong i em u sub sup code br small`, `span`
 * and `div` with a class, `a` with an http(s) or relative link (always with
 * rel="noopener noreferrer"). Other tags keep their text, `script` and `style` vanish
 * with their content, comments vanish; entities are decoded. Unclosed tags end with the
 * text, stray closing tags are ignored.
 */
export function markup(text: string): ReactNode {
  if (!/[<&]/.test(text)) return text;
  const stack: Open[] = [['', null, []]];
  const add = (node: ReactNode): void => void stack[stack.length - 1]![2].push(node);
  const close = (depth: number): void => {
    while (stack.length > depth) {
      const [tag, props, children] = stack.pop()!;
      add(createElement(tag, props, ...children));
    }
  };
  const pushText = (raw: string): void => {
    if (raw) add(decodeEntities(raw));
  };
  let done = 0;
  TAG.lastIndex = 0;
  for (let match; (match = TAG.exec(text));) {
    pushText(text.slice(done, match.index));
    done = TAG.lastIndex;
    const [all, closing, name = '', attributes = ''] = match;
    const tag = name.toLowerCase();
    if (!name || all[1] === '!') continue;
    if (closing) {
      const depth = stack.findLastIndex((open) => open[0] === tag);
      if (depth > 0) close(depth);
    } else if (RAW.test(tag)) {
      const end = text.toLowerCase().indexOf(`</${tag}`, done);
      done = TAG.lastIndex = end < 0 ? text.length : end;
    } else {
      const props = allowedProps(tag, attributes);
      if (tag === 'br') add(createElement('br'));
      else if (props) stack.push([tag, props, []]);
    }
  }
  pushText(text.slice(done));
  close(1);
  return createElement(Fragment, null, ...stack[0]![2]);
}
