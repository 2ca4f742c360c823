// Made at build time from en.json, de.json and fr.json (build/compact-messages.ts).
declare module 'virtual:built-in-messages' {
  /** Every message key of en.json, dotted ("menu.LiveView"). */
  export const keys: readonly string[];
  /** Per language code, the texts in the order of `keys` (null where it has none). */
  export const texts: Readonly<Record<string, readonly (string | null)[]>>;
}
