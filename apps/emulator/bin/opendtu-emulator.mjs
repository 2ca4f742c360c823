#!/usr/bin/env node
// Runs the emulator's TypeScript sources through tsx, so no build step is needed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', server, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
