// Type-checks every workspace with its own tsconfig. Projects are checked one after the
// other (not with `tsc -b`) because the apps consume packages/api as source, which keeps
// the workspace free of a build step between the contract and its users. The scripts/
// folder holds plain .mjs run by Node before dependencies exist; ESLint checks those.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/api',
  'packages/server-kit',
  'apps/emulator',
  'apps/companion',
  'apps/web',
  'apps/web/tsconfig.node.json',
  'e2e',
  'bench',
];

let failed = 0;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`typecheck failed: ${project}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
