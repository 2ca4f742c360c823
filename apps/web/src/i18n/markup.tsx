// Language packs may format hint and About texts with a small HTML subset (bold, links,
// code font, ...). Pack texts come from whoever wrote the pack, so they are never put into
// the page as HTML: the browser's own parser reads them into a document that runs nothing
// and loads nothing (DOMParser), and only the allowed elements and attributes are copied
// from it as React elements; every other element leaves its text, script and style nothing.
import { createElement, Fragment, type ReactNode } from 'react';

const ALLOWED = /^(a|b|strong|i|em|u|sub|sup|code|br|small|span|div)$/;
// Elements whose content is code, not text: dropped with everything inside.
const RAW = /^(script|style)$/;

/** Texts read before, as React elements (they never change). */
const parsed = new Map<string, ReactNode>();

/** Text that reads as itself once parsed: for values put into a message (names, errors). */
export const escapeMarkup = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Browsers drop tabs and newlines inside a URL's scheme, so they are dropped before the
// check too ("java&#9;script:" is still javascript:). Anything with a scheme but http(s)
// is refused; a URL without one is relative.
function safeUrl(href: string | null): boolean {
  const url = (href ?? ':').replace(/[\0- \x7f]/g, '');
  return /^https?:/i.test(url) || !/^[^/?#]*:/.test(url);
}

/** A parsed node as React: text, an allowed element with its allowed attributes, or the text inside. */
function copy(node: ChildNode, key: number): ReactNode {
  if (node.nodeType === 3) return node.nodeValue;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.localName;
  if (RAW.test(tag)) return null;
  const children = [...element.childNodes].map(copy);
  const href = element.getAttribute('href');
  if (!ALLOWED.test(tag) || (tag === 'a' && !safeUrl(href)))
    return createElement(Fragment, { key }, ...children);
  const className = element.getAttribute('class') ?? undefined;
  const link = tag === 'a' && {
    href,
    target: element.hasAttribute('target') ? '_blank' : undefined,
    rel: 'noopener noreferrer',
  };
  return createElement(tag, { key, className, ...link }, ...children);
}

/**
 * A text with markup as React elements: `b strong i em u sub sup code br small`, `span`
 * and `div` with a class, `a` with an http(s) or relative link (always with
 * rel="noopener noreferrer", any target a new tab). Other tags keep their text, `script`
 * and `style` vanish with their content, comments vanish; entities are decoded; tags a
 * pack left open or crossed are closed as browsers close them.
 */
export function markup(text: string): ReactNode {
  if (!/[<&]/.test(text)) return text;
  let shown = parsed.get(text);
  if (!shown) {
    // A hint shown beside live values is asked for again with every frame.
    if (parsed.size > 200) parsed.clear();
    const body = new DOMParser().parseFromString(text, 'text/html').body;
    parsed.set(text, (shown = createElement(Fragment, null, ...[...body.childNodes].map(copy))));
  }
  return shown;
}
