#!/usr/bin/env node
// Runs the companion server's TypeScript sources through tsx, in this same process.
import { register } from 'tsx/esm/api';

register();
await import('../src/server.ts');
