// Strings as the firmware holds them: UTF-8 bytes in fixed `char` buffers. Both what a
// request may set (routes) and what a stored config.json is cut to on loading (normalize)
// count the same bytes, so this lives below both.

/** Length as the firmware's `strlen` sees it: UTF-8 bytes. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Copies at most `max` bytes of UTF-8, as `strlcpy` into a fixed buffer does (never splitting a character). */
export function truncateBytes(text: string, max: number): string {
  if (byteLength(text) <= max) return text;
  let result = '';
  let used = 0;
  for (const char of text) {
    const size = byteLength(char);
    if (used + size > max) break;
    result += char;
    used += size;
  }
  return result;
}
