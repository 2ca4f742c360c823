/**
 * ESP-IDF log levels as the device counts them; -1 (`Inherit`) lets a module follow the
 * default level.
 */
export const LOG_LEVELS = ['inherit', 'none', 'error', 'warn', 'info', 'debug', 'verbose'] as const;

/** GET/POST /api/logging/config (v25.5.10 on, `Capabilities.logging`). */
export interface LoggingConfig {
  loglevel: {
    /** 0 (none) .. 5 (verbose). */
    default: number;
    /** The device's configurable modules, in its order; level -1 .. 5. */
    modules: { name: string; level: number }[];
  };
}
