// What a language pack's markup becomes on screen: the allowed HTML subset as elements,
// everything else as plain text or nothing, and never anything that runs.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useI18n, I18nProvider } from '../src/i18n/i18n-provider';
import { markup } from '../src/i18n/markup';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** The HTML React renders for a pack text. */
function html(text: string): string {
  const { container } = render(<p>{markup(text)}</p>);
  const shown = container.firstElementChild!.innerHTML;
  cleanup();
  return shown;
}

afterEach(() => {
  cleanup();
  delete window.__pwned;
});

describe('allowed markup', () => {
  it.each([
    ['<b>Note:</b> text', '<b>Note:</b> text'],
    ['<strong>s</strong><i>i</i><em>e</em><u>u</u>', '<strong>s</strong><i>i</i><em>e</em><u>u</u>'],
    ['W<sub>p</sub> and m<sup>2</sup>', 'W<sub>p</sub> and m<sup>2</sup>'],
    ['<code>pin_mapping.json</code><small>s</small>', '<code>pin_mapping.json</code><small>s</small>'],
    ['one<br>two<br/>three<BR />', 'one<br>two<br>three<br>'],
    ['<span class="font-monospace">%06X</span>', '<span class="font-monospace">%06X</span>'],
    ['<div class="mt-2">block</div>', '<div class="mt-2">block</div>'],
    ['<B>upper case</B>', '<b>upper case</b>'],
  ])('%s', (text, shown) => {
    expect(html(text)).toBe(shown);
  });

  it('links keep http(s) and relative targets and always get rel="noopener noreferrer"', () => {
    const link = (text: string) => {
      const { container } = render(<p>{markup(text)}</p>);
      const a = container.querySelector('a')!;
      const attributes = Object.fromEntries([...a.attributes].map(({ name, value }) => [name, value]));
      cleanup();
      return attributes;
    };
    expect(link('<a href="https://opendtu.solar" target="_blank" class="alert-link">docs</a>')).toEqual({
      href: 'https://opendtu.solar',
      target: '_blank',
      class: 'alert-link',
      rel: 'noopener noreferrer',
    });
    expect(link("<a href='/settings/ntp'>NTP</a>")).toEqual({
      href: '/settings/ntp',
      rel: 'noopener noreferrer',
    });
    expect(link('<a href="http://x.test/?a=1&amp;b=2">x</a>').href).toBe('http://x.test/?a=1&b=2');
    // Any target becomes a new tab: a pack cannot aim a link at the app's own frame.
    expect(link('<a href="#top" target="_parent">t</a>').target).toBe('_blank');
  });

  // How a tag left open, crossed or a stray "<" reads is the browser's HTML parser's
  // (e2e/tests/web-markup.spec.ts shows it in Chromium; happy-dom parses some differently).
  it('nests, and closes what a pack left open', () => {
    expect(html('<b>bold <i>both</i></b>')).toBe('<b>bold <i>both</i></b>');
    expect(html('<b>never closed')).toBe('<b>never closed</b>');
    expect(html('stray</b> closing</a>')).toBe('stray closing');
  });
});

describe('a hostile pack', () => {
  it.each([
    ['<script>window.__pwned = 1</script>after', 'after'],
    ['<SCRIPT type="module">window.__pwned = 1</SCRIPT >after', 'after'],
    ['<script>window.__pwned = 1', ''],
    ['<style>body { display: none }</style>styled', 'styled'],
    ['<img src=x onerror="window.__pwned = 1">image', 'image'],
    ['<svg onload="window.__pwned = 1"><circle r="1"/>drawing</svg>', 'drawing'],
    ['<iframe src="javascript:window.__pwned = 1">frame</iframe>', 'frame'],
    ['<b onclick="window.__pwned = 1" onmouseover=x>click</b>', '<b>click</b>'],
    ['<span class="c" style="position: fixed" id="x">styled</span>', '<span class="c">styled</span>'],
    ['<a href="javascript:window.__pwned = 1">js</a>', 'js'],
    ['<a href=" JavaScript:window.__pwned = 1">js</a>', 'js'],
    ['<a href="java&#x09;script:window.__pwned = 1">js</a>', 'js'],
    ['<a href="jav\nascript:window.__pwned = 1">js</a>', 'js'],
    ['<a href="data:text/html,<script>window.__pwned = 1</script>">data</a>', 'data'],
    ['<a href="vbscript:x">vb</a>', 'vb'],
    ['<a>no link</a>', 'no link'],
    ['<marquee>unknown <b>kept</b></marquee>', 'unknown <b>kept</b>'],
    ['<object data="x.swf">object</object><embed src="x">', 'object'],
    ['<!-- a comment -->seen', 'seen'],
    ['<!DOCTYPE html><p>paragraph</p>', 'paragraph'],
    ['<b title="a>b">quoted</b>', '<b>quoted</b>'],
    ['<a href="https://x.test" onclick="window.__pwned = 1" target=_blank>ok</a>', null],
  ])('%s', (text, shown) => {
    const rendered = html(text);
    if (shown !== null) expect(rendered).toBe(shown);
    else expect(rendered).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(window.__pwned).toBeUndefined();
  });

  it('decodes entities as text, so an escaped tag never becomes one', () => {
    expect(html('&amp; &lt; &gt; &quot; &#39; &apos; &nbsp; &#x41;&#66; &unknown;')).toBe(
      "&amp; &lt; &gt; \" ' ' &nbsp; AB &amp;unknown;",
    );
    expect(html('&#0; &#x110000; &#9999999999;')).toBe('\ufffd \ufffd \ufffd');
    expect(html('&lt;script&gt;window.__pwned = 1&lt;/script&gt; &amp;lt;b&amp;gt;')).toBe(
      '&lt;script&gt;window.__pwned = 1&lt;/script&gt; &amp;lt;b&amp;gt;',
    );
  });

  it('leaves a text without markup as the same string', () => {
    expect(markup('plain 100 %')).toBe('plain 100 %');
  });
});

describe('tm: markup from the translations', () => {
  beforeEach(() => {
    localStorage.setItem('locale', 'en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]')),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function Shown({ k, params }: { k: string; params?: Record<string, string> }) {
    const { tm } = useI18n();
    return <div data-testid="shown">{tm(k, params)}</div>;
  }

  it('formats our own texts and keeps parameters (a device-provided name) as text', () => {
    render(
      <I18nProvider>
        <Shown k="networkadmin.HostnameHint" />
        <Shown k="networkadmin.HostnameNow" params={{ name: '<b onclick="x">evil</b> &amp;' }} />
      </I18nProvider>,
    );
    const [hint, now] = screen.getAllByTestId('shown');
    expect(hint!.querySelector('code')?.textContent).toBe('%06X');
    expect(now!.textContent).toContain('<b onclick="x">evil</b> &amp;');
    expect(now!.querySelector('b')).toBeNull();
  });
});
