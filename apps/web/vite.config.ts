import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { builtInMessages } from './build/compact-messages.ts';
import { deviceBundle } from './build/device-bundle.ts';
import { devProxy } from './build/dev-proxy.ts';
import { firstPaint } from './build/first-paint.ts';
import { reactAsEsm } from './build/react-esm.ts';
import { reactPropertyMangling } from './build/react-internals.ts';

/** `html` with `from` replaced, failing the build when index.html no longer has it. */
function replaced(html: string, from: string, to: string): string {
  if (!html.includes(from)) throw new Error(`index.html no longer contains ${from}`);
  return html.replace(from, to);
}

/**
 * The companion build's index.html: its boot script must know /history etc. as route roots,
 * and on the plant's pages it starts no early GET: no device answers at the companion's root.
 */
function companionRoutes(): Plugin {
  return {
    name: 'opendtu-companion-routes',
    transformIndexHtml: (html) =>
      replaced(
        replaced(html, "|wait'", "|wait|history|alerts|control|plant|meter'"),
        "('api/i18n/languages ' + (gets || ''))",
        "(route.split('/')[0] === 'plant' ? '' : 'api/i18n/languages ' + (gets || ''))",
      ),
  };
}

// The build is the device's web bundle (see build/device-bundle.ts). `base: './'` keeps
// every URL relative, so the app also works behind a reverse proxy under a sub-path;
// index.html sets a <base> element that points at the app's root.
//
// `--mode companion` builds the variant the companion server serves (dist-companion): the
// same app plus the history screens (src/features/history, the `history` texts), which
// exist only where `import.meta.env.MODE === 'companion'`. In the device build that is
// false at compile time, so they are dropped as dead code and cost no flash.
export default defineConfig(({ mode, command }) => {
  const companion = mode === 'companion';
  // Only the device build leaves the history texts out (the dev server and tests keep all).
  const deviceBuild = command === 'build' && !companion;
  return {
    base: './',
    // JSX as `createElement(type, props, ...children)` (React's classic runtime, still part of
    // React 19) instead of `jsx(type, {...props, children: [...]})`: about 1,100 elements
    // without `children:[` and `]` are 28 kB less JavaScript, ~960 bytes less gzip.
    oxc: {
      jsx: { runtime: 'classic', pragma: '__h', pragmaFrag: '__F' },
      jsxInject: "import { createElement as __h, Fragment as __F } from 'react'",
    },
    plugins: [
      react({ jsxRuntime: 'classic' }),
      reactAsEsm(fileURLToPath(new URL('./src/', import.meta.url))),
      ...builtInMessages(
        new URL('./src/i18n/', import.meta.url),
        deviceBuild ? ['history', 'alerts', 'control', 'plant', 'plantHistory', 'modbus', 'meter'] : [],
      ),
      companion && companionRoutes(),
      ...firstPaint(
        new URL('./src/boot/first-paint.ts', import.meta.url),
        new URL('./src/i18n/', import.meta.url),
      ),
      deviceBundle({
        // The classes named by the code this build renders from src/ (not by comments, nor by
        // screens it leaves out) and by index.html decide which CSS rules survive. The first
        // paint (src/boot) is put into index.html by its own step, with its CSS there.
        source: fileURLToPath(new URL('./src/', import.meta.url)),
        content: ['index.html'],
        // Colour classes the code builds from a variant at run time, and only those: an alert's,
        // a toast's and a dialog header's (`alert-${variant}`, `text-bg-${variant}`, the
        // variants of AlertVariant), the night badge's `text-bg-dark`, a confirming button's
        // `btn-${variant}` and an input hint's `text-${tone}-emphasis`.
        safelist: [
          /^(text-bg|alert)-(success|warning|danger|info)$/,
          /^text-bg-dark$/,
          /^btn-(danger|warning)$/,
          /^text-(success|danger|warning|body)-emphasis$/,
          /^show$/,
          /^fade$/,
        ],
      }),
    ],
    css: {
      preprocessorOptions: {
        // Bootstrap 5.3's sources still use @import and global colour functions.
        scss: {
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
    },
    build: {
      outDir: companion ? 'dist-companion' : 'dist',
      emptyOutDir: true,
      assetsDir: 'js',
      cssCodeSplit: false,
      modulePreload: false,
      reportCompressedSize: false,
      target: 'es2022',
      // Terser beats the default minifier by about 160 bytes here, all of it from
      // `pure_getters` and `unsafe` (docs/internals/bundle-size.md). Reading a
      // property never has an effect in our code (a forced layout is a call instead).
      // `unsafe_arrows` (176 B) writes a function expression that reads no `this` as an arrow:
      // neither our code nor React constructs such a function with `new`.
      minify: 'terser',
      terserOptions: {
        module: true,
        toplevel: true,
        ecma: 2020,
        compress: { passes: 3, pure_getters: true, unsafe: true, unsafe_arrows: true },
        // React's own property names shortened (build/react-internals.ts): 1,650 bytes.
        mangle: { properties: reactPropertyMangling },
      },
      rolldownOptions: {
        checks: { pluginTimings: false },
        // Lets unused constants go that are only read, e.g. packages/api's ResponseCode,
        // kept alive by the computed keys of RESPONSE_PARAMS. Same rule as pure_getters.
        treeshake: { propertyReadSideEffects: false },
        output: {
          entryFileNames: 'js/app.js',
          codeSplitting: false,
          // Oxc's minifier on the chunk, then terser over its output: each finds what the
          // other leaves, 606 bytes of gzip together (docs/internals/bundle-size.md#the-byte-squeeze).
          minify: true,
        },
      },
    },
    server: {
      proxy: devProxy(process.env.DEVICE ?? 'http://127.0.0.1:8080'),
    },
  };
});
