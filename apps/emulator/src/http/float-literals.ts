/**
 * JSON.parse reads `5.0` and `5` as the same number, but the device's JSON library keeps
 * `5.0` (and `1e2`) as a float, which its integer type checks reject (contract §0.4:
 * `is<uint8>` refuses even `5.0`). Numbers stay plain numbers here, so every reader works
 * unchanged; the members that were written as float literals with an integral value are
 * remembered per container, for the integer checks to consult.
 */

const floatMembers = new WeakMap<object, Set<string>>();

/** A number, true, false or null at the cursor (sticky, so long texts are not copied). */
const LITERAL = /[-+0-9.eE]+|[a-z]+/y;

/** True when `container[key]` was written as a float literal whose value is integral. */
export function isIntegralFloatLiteral(container: unknown, key: string | number): boolean {
  if (container === null || typeof container !== 'object') return false;
  return floatMembers.get(container)?.has(String(key)) ?? false;
}

/**
 * Walks `source` (valid JSON, already parsed into `value`) alongside the parsed value and
 * records the integral float literals of every object and array in it.
 */
export function recordFloatLiterals(source: string, value: unknown): void {
  let i = 0;
  const skipSpace = (): void => {
    while (/\s/.test(source.charAt(i))) i += 1;
  };
  const stringEnd = (start: number): number => {
    let end = start + 1;
    while (source.charAt(end) !== '"') end += source.charAt(end) === '\\' ? 2 : 1;
    return end + 1;
  };
  const mark = (container: object, key: string, isFloat: boolean): void => {
    let set = floatMembers.get(container);
    if (isFloat) {
      if (!set) floatMembers.set(container, (set = new Set()));
      set.add(key);
    } else set?.delete(key); // a repeated key: the last one is the value
  };
  // Reads one value at i; returns whether it was a number literal with a fraction or exponent.
  const walk = (current: unknown): boolean => {
    skipSpace();
    const char = source.charAt(i);
    if (char === '{' || char === '[') {
      const object = current as Record<string, unknown>;
      const close = char === '{' ? '}' : ']';
      let index = 0;
      i += 1;
      skipSpace();
      while (source.charAt(i) !== close) {
        let key = String(index);
        if (close === '}') {
          const end = stringEnd(i);
          key = JSON.parse(source.slice(i, end)) as string;
          i = end;
          skipSpace();
          i += 1; // ':'
        }
        mark(object, key, walk(object[key]));
        index += 1;
        skipSpace();
        if (source.charAt(i) === ',') i += 1;
        skipSpace();
      }
      i += 1;
      return false;
    }
    if (char === '"') {
      i = stringEnd(i);
      return false;
    }
    LITERAL.lastIndex = i;
    const token = LITERAL.exec(source)?.[0] ?? '';
    i += token.length;
    return /[.eE]/.test(token) && Number.isInteger(Number(token));
  };
  walk(value);
}
