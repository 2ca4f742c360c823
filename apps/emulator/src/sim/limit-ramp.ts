/**
 * How a new limit reaches an inverter's output [rec, inverters.md §6.4]: the inverter
 * answers the DTU's command at once (that reply is the DTU's "Ok"), but its output only
 * starts to move a few seconds later and then ramps to the new cap instead of jumping.
 * Zero-export controllers see exactly this: the acknowledgement says the inverter heard the
 * limit, not that the power has changed yet.
 */

/** The inverter takes this long (uniform between the two) before its output starts to move. */
export const LIMIT_DELAY_MS = { min: 2_000, max: 6_000 } as const;
/**
 * How fast the output follows, % of nominal power per second: the grid profile's "Normal
 * Ramp up Rate (RUR_NM)" of 20 Rated%/s (§4), used for both directions.
 */
export const LIMIT_RAMP_PERCENT_PER_S = 20;

/** The cap on an inverter's output over time, % of nominal power. */
export class LimitRamp {
  /** The cap until the ramp starts (the old limit still holds while the inverter waits). */
  private before: number;
  private from: number;
  private to: number;
  private startAt = Number.NEGATIVE_INFINITY;

  constructor(percent: number) {
    this.before = percent;
    this.from = percent;
    this.to = percent;
  }

  /** The limit the output is moving to (or holds). */
  get target(): number {
    return this.to;
  }

  /** The cap in force at `t`. */
  at(t: number): number {
    if (t < this.startAt) return this.before;
    const moved = ((t - this.startAt) / 1000) * LIMIT_RAMP_PERCENT_PER_S;
    return this.from < this.to ? Math.min(this.to, this.from + moved) : Math.max(this.to, this.from - moved);
  }

  /**
   * A new limit heard at `t`: the output starts to move `delayMs` later. A lower limit
   * ramps down from what the inverter actually feeds (`outputPercent`), not from a cap far
   * above it, so the power falls as soon as the ramp starts.
   */
  retarget(percent: number, t: number, delayMs: number, outputPercent: number): void {
    const current = this.at(t);
    this.before = current;
    this.from = percent < current ? Math.min(current, Math.max(outputPercent, percent)) : current;
    this.to = percent;
    this.startAt = t + delayMs;
  }

  /** Holds `percent` from now on without a ramp (a fresh boot, a restored state). */
  settle(percent: number): void {
    this.before = percent;
    this.from = percent;
    this.to = percent;
    this.startAt = Number.NEGATIVE_INFINITY;
  }
}
