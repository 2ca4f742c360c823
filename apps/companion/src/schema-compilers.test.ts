import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers';

describe("Fastify's schema compilers, loaded at first use", () => {
  it('validate and serialize as Fastify would once a route has a schema', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.post(
      '/sum',
      {
        schema: {
          body: {
            type: 'object',
            required: ['a', 'b'],
            properties: { a: { type: 'number' }, b: { type: 'number' } },
          },
          response: { 200: { type: 'object', properties: { sum: { type: 'number' } } } },
        },
      },
      async (request) => {
        const { a, b } = request.body as { a: number; b: number };
        return { sum: a + b, secret: 'left out by the answer schema' };
      },
    );
    const good = await app.inject({ method: 'POST', url: '/sum', payload: { a: 2, b: 3 } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ sum: 5 });
    const bad = await app.inject({ method: 'POST', url: '/sum', payload: { a: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("must have required property 'b'");
    await app.close();
  });

  it('are not loaded by a server whose routes have none', () => {
    // A process of its own: the test runner's module cache is shared between test files.
    const script = `
      const { createRequire } = await import('node:module');
      const { lazySchemaCompilers } = await import(${JSON.stringify(fileURLToPath(new URL('./schema-compilers.ts', import.meta.url)))});
      const Fastify = (await import('fastify')).default;
      const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
      app.get('/', async () => ({ ok: true }));
      await app.ready();
      await app.inject('/');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      const compilers = ['@fastify/ajv-compiler/', '@fastify/fast-json-stringify-compiler/', '/ajv/', 'fast-json-stringify/index.js'];
      console.log(JSON.stringify(compilers.filter((name) => loaded.some((file) => file.includes(name)))));
      await app.close();`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([]);
  });
});
