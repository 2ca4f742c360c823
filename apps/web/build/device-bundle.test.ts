import { describe, expect, it } from 'vitest';
import { shortenCustomProperties } from './device-bundle.ts';

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
