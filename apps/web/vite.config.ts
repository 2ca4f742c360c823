import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { builtInMessages } from './build/compact-messages.ts';
import { deviceBundle } from './build/device-bundle.ts';
import { devProxy } from './build/dev-proxy.ts';

// The build is the device's web bundle (see build/device-bundle.ts). `base: './'` keeps
// every URL relative, so the app also works behind a reverse proxy under a sub-path;
// index.html sets a <base> element that points at the app's root.
export default defineConfig({
  base: './',
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./build/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  plugins: [
    react(),
    builtInMessages(new URL('./src/i18n/', import.meta.url)),
    deviceBundle({
      content: ['index.html', 'src/**/*.{ts,tsx}'],
      // Colour classes the code builds from a variant at run time (`alert-${variant}`).
      safelist: [
        /^(text-bg|bg|text|alert|btn|btn-outline|badge|border)-(primary|secondary|success|danger|warning|info|light|dark|body)(-emphasis)?$/,
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
    rolldownOptions: {
      checks: { pluginTimings: false },
      output: {
        entryFileNames: 'js/app.js',
        codeSplitting: false,
      },
    },
  },
  server: {
    proxy: devProxy(process.env.DEVICE ?? 'http://127.0.0.1:8080'),
  },
});
