/**
 * One unit's registers: the `SunS` marker at 40000, each model as its id, its length and
 * its points, then the end marker (0xFFFF, 0), as SunSpec clients walk them. Pure.
 */
import { putRaw, putString, rawOf } from './encode';
import { blockLength, sizeOf, type ModelDef, type Point } from './models';

/** Where the marker stands: the first address SunSpec clients try (then 50000, then 0). */
export const BASE_ADDRESS = 40000;
/** "SunS" in two registers. */
export const MARKER = [0x5375, 0x6e53] as const;
export const END_MODEL = 0xffff;

export type Values = Readonly<Record<string, number | string | undefined>>;

export interface ModelValues {
  def: ModelDef;
  values: Values;
  /** One set of values per repeated block (model 160's strings). */
  repeats?: readonly Values[];
}

/** A model's length as its header gives it (without the id and the length). */
export const modelLength = (model: ModelValues): number =>
  blockLength(model.def.points) +
  (model.def.repeat ? blockLength(model.def.repeat) * (model.repeats?.length ?? 0) : 0);

function putBlock(
  registers: Uint16Array,
  at: number,
  points: readonly Point[],
  values: Values,
  scales: Values,
) {
  for (const point of points) {
    const size = sizeOf(point);
    const value = values[point.name];
    if (point.type === 'string')
      putString(registers, at, size, typeof value === 'string' ? value : undefined);
    else {
      const sf = point.sf === undefined ? 0 : scales[point.sf];
      const number = typeof value === 'number' ? value : undefined;
      putRaw(registers, at, size, rawOf(point.type, number, typeof sf === 'number' ? sf : 0));
    }
    at += size;
  }
}

/** The unit's registers from BASE_ADDRESS on. */
export function buildImage(models: readonly ModelValues[]): Uint16Array {
  const total = 2 + models.reduce((sum, model) => sum + 2 + modelLength(model), 0) + 2;
  const registers = new Uint16Array(total);
  registers.set(MARKER, 0);
  let at = 2;
  for (const model of models) {
    const length = modelLength(model);
    registers[at] = model.def.id;
    registers[at + 1] = length;
    putBlock(registers, at + 2, model.def.points, model.values, model.values);
    let block = at + 2 + blockLength(model.def.points);
    for (const values of model.repeats ?? []) {
      putBlock(registers, block, model.def.repeat!, values, model.values);
      block += blockLength(model.def.repeat!);
    }
    at += 2 + length;
  }
  registers[at] = END_MODEL;
  registers[at + 1] = 0;
  return registers;
}

/** The address of each model's header (its id), in the order given. */
export function modelAddresses(models: readonly Pick<ModelValues, 'def' | 'repeats'>[]): Map<number, number> {
  const addresses = new Map<number, number>();
  let at = BASE_ADDRESS + 2;
  for (const model of models) {
    addresses.set(model.def.id, at);
    at += 2 + modelLength({ values: {}, ...model });
  }
  return addresses;
}
