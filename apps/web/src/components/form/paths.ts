// Dotted paths into nested settings (`display.contrast`, `led.1.brightness`), so a form
// over a device config with objects and arrays binds its fields like flat ones.

/** The dotted paths of `T` whose values are of type `V`: top-level keys, object members, array items. */
export type PathTo<T, V> = T extends readonly (infer E)[]
  ? (E extends V ? `${number}` : never) | (E extends object ? `${number}.${PathTo<E, V>}` : never)
  : {
      [K in keyof T & string]:
        (T[K] extends V ? K : never) | (T[K] extends object ? `${K}.${PathTo<T[K], V>}` : never);
    }[keyof T & string];

/** Every path to a plain value (text, number, on/off). */
export type FieldPath<T> = PathTo<T, string | number | boolean>;

type Node = Record<string, unknown> | unknown[];

/** The value at `path`, or undefined when a step is missing. */
export function getAt(source: unknown, path: string): unknown {
  let node = source;
  for (const step of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/** A copy of `source` with `value` at `path`; only the objects along the path are copied. */
export function setAt<T>(source: T, path: string, value: unknown): T {
  const [step = '', ...rest] = path.split('.');
  const node = (source ?? {}) as Node;
  const copy: Node = Array.isArray(node) ? [...node] : { ...node };
  const key = Array.isArray(copy) ? Number(step) : step;
  const current = (node as Record<string | number, unknown>)[key];
  (copy as Record<string | number, unknown>)[key] = rest.length
    ? setAt(current, rest.join('.'), value)
    : value;
  return copy as T;
}
