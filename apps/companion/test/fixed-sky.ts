/**
 * `--weather clear` unless `args` choose a sky: drawn from the DTU serial, which follows
 * the temporary folder's name, the sky of a test device would differ from run to run.
 * The companion's tests and the journeys start their devices with it.
 */
export const withFixedSky = (args: readonly string[]): string[] =>
  args.includes('--weather') ? [...args] : [...args, '--weather', 'clear'];
