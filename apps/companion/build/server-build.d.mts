// Types of server-build.mjs for the TypeScript that imports it (the benchmarks).
export declare const NODE_FLAGS: string[];
export declare const NODE_ENVIRONMENT: Record<string, string>;
export declare const NODE_COMMAND: string;
export declare const INLINED: Set<string>;
export declare const ON_FIRST_USE: string[];
export declare function runtimeDependencies(manifest: {
  dependencies: Record<string, string>;
}): Record<string, string>;
export declare function buildServer(
  libDir: string,
): Promise<{ dependencies: Record<string, string>; imported: Set<string> }>;
