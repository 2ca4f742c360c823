import { recordFloatLiterals } from './float-literals';

/** Containers the device's JSON library reads inside one another before it gives up ("too deep"). */
export const NESTING_LIMIT = 10;

/**
 * Parses the first complete JSON value of a text and ignores whatever follows it, as the
 * device's JSON library does (`{"a":1}xyz` parses). Returns undefined when the text does
 * not start with a complete value, or nests containers deeper than the library's limit.
 */
export function parseLeadingJson(text: string): { value: unknown } | undefined {
  let source = text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    const end = endOfFirstValue(text);
    if (end === undefined) return undefined;
    source = text.slice(0, end);
    try {
      value = JSON.parse(source);
    } catch {
      return undefined;
    }
  }
  if (nestingDepth(source) > NESTING_LIMIT) return undefined;
  recordFloatLiterals(source, value);
  return { value };
}

/** How deeply containers nest in a valid JSON text. */
function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, (depth += 1));
    else if (c === '}' || c === ']') depth -= 1;
  }
  return deepest;
}

function endOfFirstValue(text: string): number | undefined {
  let i = 0;
  while (i < text.length && /\s/.test(text[i] ?? '')) i += 1;
  const first = text[i];
  if (first !== '{' && first !== '[') return undefined;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}
