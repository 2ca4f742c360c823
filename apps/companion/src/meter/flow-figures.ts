/**
 * The flow's figures of a period (the contract's energyFlow, packages/api meter.ts): the
 * companion's history and the plant's sums derive them the same way.
 */
export { energyFlow as flowFields, NO_FLOW, type GridEnergy } from '@opendtu/api';
