/**
 * One total of watts shared over several inverters (the web app's group limit, issue 23,
 * and the companion's zero-export controller, issue 32 split alike). Pure.
 * - Shares follow the weights (rated power, or 1 each for an equal split).
 * - Water filling: whoever would get more than its cap gets the cap, and the rest is shared
 *   again among the others, until nobody is over.
 * - Whole watts that add up to the rounded total (largest remainder), none above its cap.
 */
export interface WattShare {
  watts: number;
  /** The plain share reached the cap: the part was cut there. */
  capped: boolean;
}

/**
 * Each part of `total` (W, within 0 and the sum of `caps`), in the order of `caps`;
 * `weights` default to the caps (a split by rated power).
 */
export function splitWatts(
  total: number,
  caps: readonly number[],
  weights: readonly number[] = caps,
): WattShare[] {
  const shares = new Map<number, number>();
  const whole = Math.round(total);
  let rest = whole;
  let left = caps.map((_, index) => index);
  while (left.length) {
    const sum = left.reduce((s, i) => s + weights[i]!, 0);
    const over = left.filter((i) => (sum > 0 ? (rest * weights[i]!) / sum : 0) >= caps[i]!);
    for (const i of over.length ? over : left) {
      const share = over.length ? caps[i]! : sum > 0 ? (rest * weights[i]!) / sum : 0;
      shares.set(i, share);
      if (over.length) rest -= share;
    }
    left = over.length ? left.filter((i) => !over.includes(i)) : [];
  }
  // Round down, then give the missing watts to the largest fractions.
  const parts = caps.map((_, i) => Math.floor(shares.get(i)!));
  let missing = whole - parts.reduce((s, v) => s + v, 0);
  for (const [i] of [...shares].sort(([, a], [, b]) => (b % 1) - (a % 1))) {
    if (missing > 0 && parts[i]! < caps[i]!) {
      parts[i]! += 1;
      missing -= 1;
    }
  }
  return caps.map((cap, i) => ({ watts: parts[i]!, capped: shares.get(i)! >= cap }));
}
