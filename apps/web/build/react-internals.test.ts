import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REACT_INTERNAL_PROPERTIES, reactPropertyMangling } from './react-internals.ts';

const here = (path: string) => new URL(path, import.meta.url).pathname;
const sources = (dir: string, ext: RegExp) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => ext.test(file) && !file.includes('.test.'))
    .map((file) => join(dir, file));
const listed = new Set(REACT_INTERNAL_PROPERTIES);

/** The names `file` declares as properties (interfaces, type literals, classes) and as JSX attributes. */
function declaredNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    )
      names.push(node.name.text);
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('the React property names the build shortens', () => {
  it('are no field of the device’s or the companion’s JSON', () => {
    const fields = sources(here('../../../packages/api/src'), /\.ts$/).flatMap(declaredNames);
    expect(fields.length).toBeGreaterThan(500);
    expect(fields.filter((name) => listed.has(name))).toEqual([]);
  });

  it('are no prop the app hands to the DOM', () => {
    const attributes = sources(here('../src'), /\.tsx$/).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<[a-z][\w-]*\s[^<>]*?\b([A-Za-z_]\w*)=/g)].map((m) => m[1]!),
    );
    expect(attributes).toContain('className');
    expect(attributes.filter((name) => listed.has(name))).toEqual([]);
  });

  it('are no property of index.html’s scripts, which are minified on their own', () => {
    const code = [here('../index.html'), ...sources(here('../src/boot'), /\.ts$/)]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const used = new Set(
      [...code.matchAll(/\.([A-Za-z_]\w*)\b|\b([A-Za-z_]\w*)\??:/g)].map((m) => m[1] ?? m[2]!),
    );
    expect(used.has('innerHTML')).toBe(true);
    expect([...listed].filter((name) => used.has(name))).toEqual([]);
  });

  it('match whole names only', () => {
    expect(reactPropertyMangling.regex.test('memoizedState')).toBe(true);
    expect(reactPropertyMangling.regex.test('currentTarget')).toBe(false);
    expect(reactPropertyMangling.regex.test('tags')).toBe(false);
  });
});
