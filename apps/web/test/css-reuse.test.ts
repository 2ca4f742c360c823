import { afterEach, describe, expect, it } from 'vitest';
import { decodeAgainst, encodeAgainst, PAINT_STYLE_ID, styleInjection } from '../build/css-reuse';

const rule = (name: string, body: string) => `.${name}{${body}}`;
// A stylesheet whose middle part the page's <style> also holds, in another order.
const head = rule('card', 'border:1px solid var(--a);border-radius:.375rem;padding:1rem 1rem .5rem');
const middle = rule(
  'navbar',
  'position:relative;display:flex;flex-wrap:wrap;align-items:center;padding:.5rem 0',
);
const tail = rule('toast', 'width:350px;max-width:100%;font-size:.875rem;pointer-events:auto;color:#fff');
const only = rule('modal', 'position:fixed;top:0;left:0;z-index:1055;display:none;width:100%;height:100%');
const css = head + only + middle + tail;
const page = tail + middle + rule('badge', 'display:inline-block');

describe('the stylesheet told against the page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('stores what the page holds as references, the rest as text', () => {
    const parts = encodeAgainst(css, page);
    const texts = parts.filter((_, i) => i % 3 === 0).join('');
    expect(texts).toContain('.modal{');
    expect(texts).not.toContain('.navbar{');
    expect(texts).not.toContain('.toast{');
    expect(decodeAgainst(parts, page)).toBe(css);
  });

  it('is put back together in the browser from the page style', () => {
    document.head.innerHTML = `<style id="${PAINT_STYLE_ID}">${page}</style>`;
    new Function(styleInjection(encodeAgainst(css, page)))();
    const styles = document.head.querySelectorAll('style');
    expect(styles).toHaveLength(2);
    expect(styles[1]!.textContent).toBe(css);
  });

  it('is stored whole when the page has none of it', () => {
    const parts = encodeAgainst(css, '');
    expect(parts).toEqual([css]);
    new Function(styleInjection(parts))();
    expect(document.head.querySelector('style')!.textContent).toBe(css);
  });
});
