/**
 * How the firmware's JSON library (ArduinoJson 7) checks and reads request fields
 * (contract §0.4). Presence checks use the `is*` functions; fields that are read without a
 * check use the `as*` functions, which coerce instead of failing.
 */

import { isIntegralFloatLiteral } from './float-literals';

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `root["key"]`: the member of an object, undefined for anything else (ArduinoJson's null). */
export function member(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBool = (value: unknown): value is boolean => typeof value === 'boolean';
/** Any JSON number, integer or not (`is<float>`, `is<double>`). */
export const isNumber = (value: unknown): value is number => typeof value === 'number';

/**
 * `container[key].is<intN/uintN>()` of a request's JSON: an integer (never a string)
 * within the C type's range, not written as a float literal (`5.0`, `1e2`), which the
 * device's library keeps as a float even though its value is whole.
 */
export function isIntegerAt(container: unknown, key: string, min: number, max: number): boolean {
  const value = member(container, key);
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= min &&
    value <= max &&
    !isIntegralFloatLiteral(container, key)
  );
}

export const isUint8At = (container: unknown, key: string): boolean => isIntegerAt(container, key, 0, 0xff);
export const isInt8At = (container: unknown, key: string): boolean => isIntegerAt(container, key, -128, 127);
export const isUint32At = (container: unknown, key: string): boolean =>
  isIntegerAt(container, key, 0, 0xffffffff);

/** `as<const char*>` into a String: missing/null is the text "null", other values their JSON text. */
export function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

/** `as<bool>`: numbers are true when non-zero; strings, objects and arrays are true; null is false. */
export function asBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (value === undefined || value === null) return false;
  return true;
}

/**
 * `as<T>` for an unsigned/signed integer type of the given range: integers in range as they
 * are, floats truncated, numeric strings parsed, `true` is 1; anything out of range or
 * unreadable is 0.
 */
export function asInteger(value: unknown, min: number, max: number): number {
  let number: number;
  if (typeof value === 'number') number = Math.trunc(value);
  else if (typeof value === 'boolean') number = value ? 1 : 0;
  else if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) {
    number = Math.trunc(Number(value));
  } else return 0;
  return Number.isFinite(number) && number >= min && number <= max ? number : 0;
}

export const asUint8 = (value: unknown): number => asInteger(value, 0, 0xff);
export const asUint16 = (value: unknown): number => asInteger(value, 0, 0xffff);
export const asUint32 = (value: unknown): number => asInteger(value, 0, 0xffffffff);

/** `as<float>`: numbers as they are, numeric strings parsed, anything else 0. */
export function asFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return 0;
}
