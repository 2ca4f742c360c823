import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit tests, each with its own config.
export default defineConfig({
  test: {
    // Most files wait rather than compute (on clocks at --speed, on the processes they
    // start), so more of them run at once than there are cores: on 2 cores three at a time
    // (Vitest's default is one fewer than the cores); docs/development/testing.md has the figures.
    maxWorkers: Math.max(3, availableParallelism()),
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
