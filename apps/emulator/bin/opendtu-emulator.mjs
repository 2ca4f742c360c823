#!/usr/bin/env node
// Runs the emulator's TypeScript sources through tsx, so no build step is needed. In this
// same process, so a signal sent to it (the companion's demo mode stops it with SIGTERM)
// reaches the server's own graceful shutdown.
import { register } from 'tsx/esm/api';

register();
await import('../src/server.ts');
