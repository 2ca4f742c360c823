// HTML as strings for the first paint: index.html cannot wait for React to build it.

/** Text (or an attribute value) that reads as itself in HTML. */
export const esc = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Between two pieces of text React writes as two text nodes (one per string child): text
 * is shaped per node, so "1,894" and " W" as one node can be half a pixel wider.
 */
export const SPLIT = '<!---->';
