// The house's energy flow now (companion build, issue 45): what the inverters give and
// what the grid meter reads, split into the three ways power can go without a battery:
// sun to house, sun to grid, grid to house. Pure; the flow card draws it.

export interface FlowNow {
  /** W the inverters give now. */
  sunW: number;
  /** W the house uses now: the sun's and the grid's together. */
  houseW: number;
  sunToHouseW: number;
  /** W fed into the grid: the surplus. */
  sunToGridW: number;
  gridToHouseW: number;
}

/**
 * The flow of `sunW` (the inverters' AC power) and `gridW` (the meter: positive taken
 * from the grid, negative fed into it). The two are read at slightly different moments:
 * more fed in than the inverters give counts as all of theirs, never a negative house.
 */
export function flowNow(sunW: number, gridW: number): FlowNow {
  const sun = Math.max(0, sunW);
  const sunToGridW = Math.min(sun, Math.max(0, -gridW));
  const gridToHouseW = Math.max(0, gridW);
  const sunToHouseW = sun - sunToGridW;
  return { sunW: sun, houseW: sunToHouseW + gridToHouseW, sunToHouseW, sunToGridW, gridToHouseW };
}

/** Under this many watts a path counts as carrying nothing (the meter's and inverters' noise). */
export const IDLE_W = 5;

/** What the surplus sentence says: power to spare, none (the grid helps), or an even balance. */
export function surplusOf(flow: FlowNow): 'spare' | 'short' | 'even' {
  if (flow.sunToGridW >= IDLE_W) return 'spare';
  if (flow.gridToHouseW >= IDLE_W) return 'short';
  return 'even';
}
