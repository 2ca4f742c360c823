import { recordFloatLiterals } from './float-literals';

/**
 * Parses the first complete JSON value of a text and ignores whatever follows it, as the
 * device's JSON library does (`{"a":1}xyz` parses). Returns undefined when the text does
 * not start with a complete value.
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
  recordFloatLiterals(source, value);
  return { value };
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
