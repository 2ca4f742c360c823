/**
 * Node's https module, loaded for the first device reached over https. A DTU answers plain
 * http on the LAN; https brings tls and its kin, memory a server that never needs them
 * would carry for nothing (docs/internals/benchmarks.md#companion-memory). The installed
 * server's packages wait for a first use the same way (build/server-build.mjs ON_FIRST_USE).
 */
import { createRequire } from 'node:module';
import type * as Https from 'node:https';

let loaded: typeof Https | undefined;

export const https = (): typeof Https =>
  (loaded ??= createRequire(import.meta.url)('node:https') as typeof Https);
