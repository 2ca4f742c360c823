// The limit dialog's rules (spec §5, §9): relative 0-100 %, absolute 0 to the model's
// max power, or 2250 W while the model is unknown.
import { MAX_INVERTER_LIMIT } from '@opendtu/api';

export function absoluteLimitMax(maxPower: number | undefined): number {
  return maxPower && maxPower > 0 ? maxPower : MAX_INVERTER_LIMIT;
}

export type LimitProblem = { key: 'home.LimitRequired' } | { key: 'home.LimitRange'; max: number };

/** Undefined when the value may be sent; otherwise what is wrong (for `t`). */
export function checkLimit(
  text: string,
  relative: boolean,
  maxPower: number | undefined,
): LimitProblem | undefined {
  if (text.trim() === '') return { key: 'home.LimitRequired' };
  const value = Number(text);
  const max = relative ? 100 : absoluteLimitMax(maxPower);
  if (!Number.isFinite(value) || value < 0 || value > max) return { key: 'home.LimitRange', max };
  return undefined;
}
