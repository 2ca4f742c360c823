import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit tests, each with its own config.
export default defineConfig({
  test: {
    projects: [
      'packages/api',
      'packages/server-kit',
      'apps/emulator',
      'apps/companion',
      'apps/web/vitest.config.ts',
      'scripts/vitest.config.mjs',
      'bench/vitest.config.ts',
    ],
  },
});
