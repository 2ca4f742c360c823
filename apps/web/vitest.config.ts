import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Unit and component tests run in happy-dom on the same Preact runtime as the bundle
// (the device-bundle plugin only applies to builds).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: import.meta.dirname,
      environment: 'happy-dom',
      // Transformed like the app, so wouter's react imports resolve to Preact too.
      server: { deps: { inline: ['wouter'] } },
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    },
  }),
);
