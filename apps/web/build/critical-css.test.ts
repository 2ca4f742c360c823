import { describe, expect, it } from 'vitest';
import { criticalCss, markupWords, withoutInteraction } from './critical-css.ts';

describe('the first paint CSS', () => {
  it('leaves out what answers the pointer or keyboard, and transitions', () => {
    const css =
      '.btn{color:red;transition:color .15s}.btn:hover{color:blue}.a,.a:focus-visible{margin:0}' +
      '@media (min-width:576px){.b:active{color:red}.b{display:flex}}@keyframes k{0%{opacity:0}}' +
      '[list]::-webkit-calendar-picker-indicator{display:none}:not(.x)+.btn:active{color:red}';
    expect(withoutInteraction(css)).toBe(
      '.btn{color:red}.a{margin:0}@media (min-width:576px){.b{display:flex}}@keyframes k{0%{opacity:0}}',
    );
  });

  it('finds classes in the markup and the scripts’ strings only, not in names or regular expressions', () => {
    const html =
      '<html><body class="x"><script>var hr=1;const b=/[&<>"]/g;h("div",{class:"card h-100"},`a ${b} badge`)</script></body></html>';
    const words = markupWords(html);
    expect(words).toContain('card h-100');
    expect(words).toContain('badge');
    expect(words).toContain('body class="x"');
    expect(words).not.toMatch(/\bhr\b/);
  });

  it('keeps the rules the markup uses, with the custom properties they read', async () => {
    const css = ':root{--a:1px;--b:2px}hr{margin:0}.card{border:var(--a) solid}.modal{display:none}';
    const html = '<script>h("div",{class:"card"})</script>';
    expect(await criticalCss(css, html)).toBe(':root{--a:1px}.card{border:var(--a) solid}');
  });
});
