/**
 * The flow's figures of a period and its slots' rows (the contract's energyFlow and flowRow,
 * packages/api meter.ts): the companion's history and the plant's sums derive them the same way.
 */
export { energyFlow as flowFields, flowRow, NO_FLOW, type GridEnergy } from '@opendtu/api';
