// The command line read as the server reads it, for the option tests.
import { parseCli, type CompanionOptions } from '../src/config/cli';

/** Parses as the server would and expects options (not help). */
export function options(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  cwd = '/',
  demo = true,
): CompanionOptions {
  const parsed = parseCli(argv, { cwd, env, demo });
  if (typeof parsed === 'string') throw new Error(`expected options, got ${parsed}`);
  return parsed;
}

/** The one line a refused start says. */
export function refusal(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    options(argv, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('taken');
}
