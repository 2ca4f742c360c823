/**
 * Energy that never falls (issue 44: `WH` never falls): per key the largest lifetime
 * energy read so far, seeded from the companion's records at start. A reading of 0 is not
 * one: the DTU shows 0 while it restarts and for an inverter it has not heard yet. Pure.
 */
export class EnergyFloor {
  private readonly floors = new Map<string, number>();

  /** Takes a reading (Wh) and answers what to serve for `key`: undefined while nothing is known. */
  take(key: string, wh: number | undefined): number | undefined {
    if (wh !== undefined && Number.isFinite(wh) && wh > 0) {
      const floor = this.floors.get(key);
      if (floor === undefined || wh > floor) this.floors.set(key, wh);
    }
    return this.floors.get(key);
  }

  get(key: string): number | undefined {
    return this.floors.get(key);
  }

  /** The sum over keys that pass `filter`: it never falls, as none of its parts does and none is forgotten. */
  sum(filter: (key: string) => boolean): number | undefined {
    let total: number | undefined;
    for (const [key, wh] of this.floors) if (filter(key)) total = (total ?? 0) + wh;
    return total;
  }
}
