import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Unit and component tests run in happy-dom on the same React runtime as the bundle
// (the device-bundle plugin only applies to builds).
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      name: 'web',
      root: import.meta.dirname,
      environment: 'happy-dom',
      setupFiles: ['test/no-network.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    },
  }),
);
