/** A wrong option or saved file: its message is one line fit to show the user, naming where it was set. */
export class ConfigError extends Error {}

/** `read()`, an error of the given kind (an area's own option error) turned into a ConfigError. */
export function asConfigError<T>(kind: abstract new (...args: never[]) => Error, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof kind) throw new ConfigError(error.message);
    throw error;
  }
}
