/**
 * Reads a parsed config.json the way the firmware does: every key of the default layout
 * takes the stored value when it has the same JSON type, and the default otherwise
 * (missing, wrong type). Arrays keep the defaults' length. Keys the layout does not know
 * are dropped.
 */
export function normalizeLike<T>(defaults: T, stored: unknown): T {
  if (Array.isArray(defaults)) {
    const list = Array.isArray(stored) ? stored : [];
    return defaults.map((item, index) => normalizeLike(item, list[index])) as T;
  }
  if (defaults !== null && typeof defaults === 'object') {
    const source = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(defaults)) {
      result[key] = normalizeLike(value, (source as Record<string, unknown>)[key]);
    }
    return result as T;
  }
  if (typeof defaults === 'number') {
    // Integer fields reject fractions on the device; the few float fields default to
    // non-integers (latitude, longitude, yield offsets) or accept any number.
    if (typeof stored !== 'number' || !Number.isFinite(stored)) return defaults;
    return stored as T;
  }
  return (typeof stored === typeof defaults ? stored : defaults) as T;
}
