import { defineConfig } from 'vitest/config';

// Unit tests of the benchmark's pure parts (readiness rules, statistics); never timings.
export default defineConfig({ test: { name: 'bench', include: ['*.test.ts', 'lib/*.test.ts'] } });
