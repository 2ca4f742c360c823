import { fileURLToPath } from 'node:url';

/** A web bundle folder under test: ours, or another one given with --webapp. */
export interface Bundle {
  label: string;
  dir: string;
}

export const OUR_BUNDLE: Bundle = {
  label: 'ours',
  dir: fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
};

/** Every installation in the benchmark: 10 six-string inverters at noon in June. */
export const INSTALLATION = { inverters: 10, time: '2026-06-21T12:00' } as const;

export const log = (line: string): void => void process.stderr.write(`${line}\n`);
