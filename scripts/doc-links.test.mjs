// Every relative link and #anchor in the repository's Markdown resolves as GitHub would
// resolve it, and every docs/ page a source comment names exists (doc-links.mjs).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenMarkdownLinks, brokenSourceLinks, linksOf, slug } from './doc-links.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the repository', () => {
  it('has no Markdown link to a missing file or heading', () => {
    expect(brokenMarkdownLinks(ROOT)).toEqual([]);
  });

  it('names no missing docs page or heading in a source comment', () => {
    expect(brokenSourceLinks(ROOT)).toEqual([]);
  });
});

describe('the checker', () => {
  const made = [];
  afterAll(async () => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

  /** A folder of Markdown files (and others) to check. */
  async function tree(files) {
    const dir = await mkdtemp(join(tmpdir(), 'doc-links-'));
    made.push(dir);
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(dir, name, '..'), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    return dir;
  }

  it("makes GitHub's anchors: lower case, punctuation gone, spaces as dashes, code and links as text", () => {
    expect(slug("The plant's API")).toBe('the-plants-api');
    expect(slug('On a Raspberry Pi (or any Debian)')).toBe('on-a-raspberry-pi-or-any-debian');
    expect(slug('`--control-wait-out-switching` and **more**')).toBe('--control-wait-out-switching-and-more');
    expect(slug('See [the glossary](x.md#glossary)')).toBe('see-the-glossary');
    expect(slug('InfluxDB, VictoriaMetrics, Grafana')).toBe('influxdb-victoriametrics-grafana');
    expect(slug('wait_out_switching')).toBe('wait_out_switching');
  });

  it('numbers repeated headings and ignores headings inside code blocks', () => {
    const anchors = anchorsOf(
      '# A\n## Notes\n```\n# Not a heading\n```\n### Notes ##\n<a name="kept"></a>\n',
    );
    expect([...anchors]).toEqual(['a', 'notes', 'notes-1', 'kept']);
  });

  it('finds inline links, images and definitions, not those inside code', () => {
    const text =
      'See [a](a.md#x) and ![b](img/b.png "B").\n`[c](c.md)`\n\n[d]: <d e.md>\n```\n[e](e.md)\n```\n';
    expect(linksOf(text)).toEqual([
      { target: 'a.md#x', line: 1 },
      { target: 'img/b.png', line: 1 },
      { target: 'd e.md', line: 4 },
    ]);
  });

  it('reports a missing file, a missing heading and a missing anchor in the same file, and nothing else', async () => {
    const dir = await tree({
      'README.md': [
        '# Top',
        '[ok](docs/page.md#the-plants-api) [folder](docs) [web](https://example.org/x.md#nope)',
        '[gone](docs/gone.md) [bad](docs/page.md#no-such) [here](#top) [not here](#elsewhere)',
        '[file anchor](docs/code.ts#L3)',
      ].join('\n'),
      'docs/page.md': "# Page\n## The plant's API\n[back](../README.md#top)\n",
      'docs/code.ts': '// see docs/page.md#the-plants-api and docs/missing.md\n',
    });
    expect(brokenMarkdownLinks(dir)).toEqual([
      'README.md:3: docs/gone.md: docs/gone.md does not exist',
      'README.md:3: docs/page.md#no-such: docs/page.md has no heading for #no-such',
      'README.md:3: #elsewhere: this file has no heading for #elsewhere',
    ]);
    expect(brokenSourceLinks(dir)).toEqual([
      'docs/code.ts:1: docs/missing.md: docs/missing.md does not exist',
    ]);
  });
});
