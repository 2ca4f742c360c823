// Made at build time from en.json, de.json and fr.json (build/compact-messages.ts).
declare module 'virtual:built-in-messages' {
  /** Every message key of en.json, grouped by first part: "menu:LiveView,About;base:Yes". */
  export const keys: string;
  /** Per language code, the texts in the order of `keys`, one per line (empty: English). */
  export const texts: Readonly<Record<string, string>>;
}
