/** A wrong option or saved file: its message is one line fit to show the user, naming where it was set. */
export class ConfigError extends Error {}
