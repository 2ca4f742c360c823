// index.html carries the first paint's CSS (build/critical-css.ts): rules of the app's own
// stylesheet, about 13 kB of it. app.js needs the whole stylesheet, so instead of a second
// copy of those rules it names the runs of the page's <style> text it can take over: the
// stylesheet is stored as its other text with references into the page's, and put back
// together when app.js starts. index.html and app.js are one build, always served together.

/** The id of index.html's <style> of the first paint, which app.js reads. */
export const PAINT_STYLE_ID = 'fp';

/** Runs shorter than this stay text: a reference costs bytes of its own (40 measured best). */
const MIN_RUN = 40;

/**
 * `css` as `[text, skip, length, text, skip, length, ..., text]`: each text is taken as it
 * is, each `skip, length` is the run of `shared` that follows it, `skip` counted from the end
 * of the run before (most runs follow each other in both).
 */
export function encodeAgainst(css: string, shared: string): (string | number)[] {
  const starts = new Map<string, number[]>();
  for (let i = 0; i + MIN_RUN <= shared.length; i += 1) {
    const key = shared.slice(i, i + MIN_RUN);
    const list = starts.get(key);
    if (list) list.push(i);
    else starts.set(key, [i]);
  }
  const parts: (string | number)[] = [];
  let text = '';
  let end = 0;
  let i = 0;
  while (i < css.length) {
    let best = -1;
    let bestLength = 0;
    for (const start of starts.get(css.slice(i, i + MIN_RUN)) ?? []) {
      let length = MIN_RUN;
      while (start + length < shared.length && shared[start + length] === css[i + length]) length += 1;
      if (length > bestLength) [best, bestLength] = [start, length];
    }
    if (best < 0) {
      text += css[i];
      i += 1;
    } else {
      parts.push(text, best - end, bestLength);
      text = '';
      end = best + bestLength;
      i += bestLength;
    }
  }
  parts.push(text);
  return parts;
}

/**
 * The statement app.js starts with: the stylesheet put back together from `parts` and the
 * page's <style> text, added to the document. Written out by hand (it is not minified).
 */
export function styleInjection(parts: readonly (string | number)[]): string {
  if (parts.length === 1) {
    return `(()=>{const s=document.createElement("style");s.textContent=${JSON.stringify(parts[0])};document.head.appendChild(s)})();`;
  }
  return (
    `(()=>{const a=${JSON.stringify(parts)},d=document.getElementById(${JSON.stringify(PAINT_STYLE_ID)}).textContent;` +
    'let c=a[0],p=0;for(let i=1;i<a.length;i+=3)c+=d.slice(p+=a[i],p+=a[i+1])+a[i+2];' +
    'const s=document.createElement("style");s.textContent=c;document.head.appendChild(s)})();'
  );
}

/** What `styleInjection` puts together, for the build's own check. */
export function decodeAgainst(parts: readonly (string | number)[], shared: string): string {
  let css = String(parts[0]);
  let at = 0;
  for (let i = 1; i < parts.length; i += 3) {
    const start = at + Number(parts[i]);
    at = start + Number(parts[i + 1]);
    css += shared.slice(start, at) + String(parts[i + 2]);
  }
  return css;
}
