// What the Restore button may send (spec §3 "Restore templates", §5 "Restore"): the
// device stores any upload verbatim, so the check happens here, before any request.

/** The files a restore can replace, by the name the device stores them under. */
export const RESTORE_TARGETS = ['config.json', 'pin_mapping.json', 'pack.lang.json'] as const;
export type RestoreTarget = (typeof RESTORE_TARGETS)[number];

export type RestoreCheck =
  { ok: true; value: unknown } | { ok: false; error: 'InvalidJson' | 'InvalidJsonContent' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the parsed file (its first element if an array) fits the target's template. */
export function fitsTemplate(target: RestoreTarget, parsed: unknown): boolean {
  const value: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!isObject(value)) return false;
  if (target === 'config.json') return isObject(value.cfg);
  if (target === 'pin_mapping.json') return typeof value.name === 'string';
  return isObject(value.meta);
}

/** Parses a chosen file's text and checks it against the target; the key says what is wrong. */
export function checkRestoreFile(target: RestoreTarget, text: string): RestoreCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'InvalidJson' };
  }
  return fitsTemplate(target, parsed)
    ? { ok: true, value: parsed }
    : { ok: false, error: 'InvalidJsonContent' };
}
