/**
 * Fastify's JSON-schema compilers (Ajv for validation, fast-json-stringify for answers),
 * loaded the first time a route with a schema needs one. Fastify loads both when it is
 * created, about 240 modules and 2.7 MB of memory, and the companion's routes have no
 * schemas (each checks its input in code): so they are never loaded unless a route asks.
 * Once loaded they are Fastify's own, as it would have made them.
 */
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** A compiler factory as Fastify calls it: what it answers depends on the compiler. */
type Factory = (...args: unknown[]) => unknown;

/**
 * A factory that loads `name` the first time it is called, then is that one. The companion
 * declares both packages at Fastify's own ranges, and the build checks they are Fastify's
 * copies (build/server-build.mjs: Fastify is compiled into the installed server).
 */
function onFirstUse(name: string): Factory {
  let factory: Factory | undefined;
  return (...args) => {
    factory ??= (createRequire(import.meta.url)(name) as () => Factory)();
    return factory(...args);
  };
}

export const lazySchemaCompilers = {
  buildValidator: onFirstUse('@fastify/ajv-compiler'),
  buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler'),
} as Factories;
