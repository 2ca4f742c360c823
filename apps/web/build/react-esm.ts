// React ships as CommonJS. Imported through the bundler's CommonJS wrapper, each of our
// ~1,100 calls into it reads `(0,r.jsx)(...)`; re-exported from an ES module as plain
// bindings, it is `j(...)` after minification. React's own code is untouched: the
// re-exporting module only names what the CommonJS module already exports.
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PREFIX = '\0react-esm:';
const MODULES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];
const require = createRequire(import.meta.url);

/** Redirects our own source's React imports (not React's or other packages') to ES re-exports. */
export function reactAsEsm(sourceDir: string): Plugin {
  return {
    name: 'opendtu-react-esm',
    enforce: 'pre',
    resolveId(source, importer) {
      if (MODULES.includes(source) && importer?.startsWith(sourceDir)) return PREFIX + source;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const source = id.slice(PREFIX.length);
      const names = Object.keys(require(source) as object).filter((name) => /^[A-Za-z]\w*$/.test(name));
      return [
        `import m from ${JSON.stringify(source)};`,
        ...names.map((name) => `export const ${name} = m.${name};`),
        'export default m;',
      ].join('\n');
    },
  };
}
