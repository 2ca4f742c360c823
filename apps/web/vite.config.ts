import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { builtInMessages } from './build/compact-messages.ts';
import { deviceBundle } from './build/device-bundle.ts';
import { devProxy } from './build/dev-proxy.ts';
import { reactAsEsm } from './build/react-esm.ts';

// The build is the device's web bundle (see build/device-bundle.ts). `base: './'` keeps
// every URL relative, so the app also works behind a reverse proxy under a sub-path;
// index.html sets a <base> element that points at the app's root.
export default defineConfig({
  base: './',
  // JSX as `createElement(type, props, ...children)` (React's classic runtime, still part of
  // React 19) instead of `jsx(type, {...props, children: [...]})`: about 1,100 elements
  // without `children:[` and `]` are 28 kB less JavaScript, ~960 bytes less gzip.
  oxc: {
    jsx: { runtime: 'classic', pragma: '__h', pragmaFrag: '__F' },
    jsxInject: "import { createElement as __h, Fragment as __F } from 'react'",
  },
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./build/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  plugins: [
    react({ jsxRuntime: 'classic' }),
    reactAsEsm(fileURLToPath(new URL('./src/', import.meta.url))),
    ...builtInMessages(new URL('./src/i18n/', import.meta.url)),
    deviceBundle({
      content: ['index.html', 'src/**/*.{ts,tsx}'],
      // Colour classes the code builds from a variant at run time, and only those
      // (`alert-${variant}`, `text-bg-${variant}`, `btn-${variant}`, `text-${tone}-emphasis`).
      safelist: [
        /^(text-bg|alert)-(primary|secondary|success|danger|warning|info|dark)$/,
        /^btn-(primary|danger|warning)$/,
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
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'js',
    cssCodeSplit: false,
    modulePreload: false,
    reportCompressedSize: false,
    target: 'es2022',
    // Terser beats the default minifier by about 160 bytes here, all of it from
    // `pure_getters` and `unsafe` (README, "What React costs in flash"). Reading a
    // property never has an effect in our code (a forced layout is a call instead).
    minify: 'terser',
    terserOptions: {
      module: true,
      toplevel: true,
      ecma: 2020,
      compress: { passes: 3, pure_getters: true, unsafe: true },
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
        // other leaves, 606 bytes of gzip together (README, the byte squeeze).
        minify: true,
      },
    },
  },
  server: {
    proxy: devProxy(process.env.DEVICE ?? 'http://127.0.0.1:8080'),
  },
});
