// HTML as strings for the first paint: index.html cannot wait for React to build it.

/** Text (or an attribute value) that reads as itself in HTML. */
export const esc = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * An element: attributes left out when undefined or false, `true` as an empty value (as
 * React writes `data-live-totals=""`); children are HTML already (text goes through esc).
 * Each text child stays a text node of its own, as React makes one per string child: text
 * is shaped per node, so "1,894" and " W" as one node can be half a pixel wider.
 */
export function h(
  tag: string,
  attributes: Attributes | null,
  ...children: (string | false | undefined)[]
): string {
  let html = `<${tag}`;
  for (const name in attributes) {
    const value = attributes[name];
    if (value !== undefined && value !== false)
      html += ` ${name}="${value === true ? '' : esc(String(value))}"`;
  }
  return `${html}>${children.filter(Boolean).join('<!---->')}</${tag}>`;
}
