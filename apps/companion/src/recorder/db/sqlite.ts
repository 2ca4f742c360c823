/**
 * node-sqlite3-wasm, loaded after V8 was told to keep WebAssembly at its baseline compiler
 * (Liftoff). By default V8 compiles SQLite's 1.3 MB of WebAssembly twice, the baseline at
 * once and the hot functions again optimised (TurboFan), and keeps both: about 40 MB of the
 * server's memory for queries that took no longer in `npm run bench`
 * (docs/internals/sqlite-wasm.md#memory). The flag must be set before the module is
 * compiled, which happens when it is loaded, so every module of the server takes SQLite
 * from here, and the import is dynamic (a static one would be evaluated before this
 * module's first line).
 *
 * `node --no-liftoff-only` (or any liftoff flag given to node) leaves V8's choice alone.
 */
import { setFlagsFromString } from 'node:v8';

if (!process.execArgv.some((flag) => flag.includes('liftoff'))) setFlagsFromString('--liftoff-only');

const loaded = await import('node-sqlite3-wasm');

export const sqlite = loaded.default;
export type Database = InstanceType<typeof sqlite.Database>;
