/**
 * The first paint's texts (first-paint-keys.ts) in en, de and fr, from build/first-paint.ts:
 * in the build by index (the text keys become indexes), elsewhere by text key.
 */
declare module 'virtual:first-paint-labels' {
  const texts: readonly Readonly<Record<string | number, string>>[];
  export default texts;
}
