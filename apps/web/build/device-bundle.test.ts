import { describe, expect, it } from 'vitest';
import { namesIn, renderedCode, shortenCustomProperties } from './device-bundle.ts';

describe('shortenCustomProperties', () => {
  const css =
    ':root{--bs-body-bg:#fff;--bs-border-color:#ddd;--bs-gap:1px}' +
    '.card{border:var(--bs-gap) solid var(--bs-border-color);background:var(--bs-body-bg)}' +
    '.table{--bs-border-color:red;color:var(--bs-border-color)}';

  it('renames every use of a property alike, the most used to the shortest name', () => {
    const out = shortenCustomProperties(css, new Set());
    expect(out).toBe(
      ':root{--b:#fff;--a:#ddd;--c:1px}.card{border:var(--c) solid var(--a);background:var(--b)}' +
        '.table{--a:red;color:var(--a)}',
    );
  });

  it('keeps the names the code sets or reads, and gives no other property one of them', () => {
    const out = shortenCustomProperties(css, new Set(['--bs-body-bg', '--a']));
    expect(out).toContain('--bs-body-bg:#fff');
    expect(out).toContain('background:var(--bs-body-bg)');
    expect(out).toContain('.table{--b:red;color:var(--b)}');
    expect(out).not.toMatch(/--a\b/);
  });
});

describe('the code whose names keep CSS', () => {
  it('takes strings, template parts, regular expressions and object keys', () => {
    const code =
      'const c = h("p", { className: `mb-3 ${x ? "fw-bold" : ""} small`, hidden }); const tags = /^(b|sub)$/;';
    const names = namesIn(code).split(/[^\w-]+/);
    expect(names).toEqual(
      expect.arrayContaining(['p', 'mb-3', 'fw-bold', 'small', 'className', 'hidden', 'b', 'sub']),
    );
  });

  it('leaves out comments and the names of variables and functions', () => {
    const code =
      '// src/components/modal.tsx\n/** a lead */\nfunction address(code) { return /* @__PURE__ */ h("dl", null, code); } // h4';
    const names = namesIn(code);
    expect(names).toContain('dl');
    expect(names).not.toMatch(/modal|lead|address|code|h4|PURE/);
  });

  it('takes only modules under the source folder that the chunk renders', () => {
    const modules = {
      '/app/src/a.tsx': { code: 'h("div", { className: "card" });' },
      '/app/src/companion-only.tsx': { code: null },
      '/app/node_modules/react/index.js': { code: 'var table = "alert";' },
    };
    const out = renderedCode(modules, '/app/src/');
    expect(out).toContain('card');
    expect(out).not.toContain('alert');
  });
});
