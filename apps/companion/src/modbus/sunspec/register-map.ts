/**
 * The register map of docs/features/modbus.md, written from the models the server serves
 * (models.ts), so the page cannot say other than the code: `npm run modbus-map` puts it
 * between the page's two markers, formatted as the repository's Prettier formats Markdown,
 * and register-map.test.ts fails when the page's differs. A tool of the checkout: the server
 * never loads this file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { BASE_ADDRESS, modelAddresses } from './image';
import {
  COMMON,
  CONTROLS,
  INVERTER_1PH,
  INVERTER_3PH,
  MPPT,
  NAMEPLATE,
  offsets,
  sizeOf,
  type ModelDef,
  type Point,
} from './models';

export const MAP_START = '<!-- register-map:start (npm run modbus-map writes what follows) -->';
export const MAP_END = '<!-- register-map:end -->';
export const PAGE = fileURLToPath(new URL('../../../../../docs/features/modbus.md', import.meta.url));

/** Every unit's models in order; 101 and 103 share their place and layout, 160 comes last. */
const LAYOUT = [COMMON, INVERTER_1PH, NAMEPLATE, CONTROLS, MPPT];

/** What a point serves; where 103 serves it otherwise than 101, both. */
function served(point: Point, other: Point | undefined): string {
  const text = (candidate: Point | undefined) => candidate?.serves ?? '_not implemented_';
  if (!other || text(other) === text(point)) return text(point);
  return `101: ${text(point)}; 103: ${text(other)}`;
}

function rows(
  points: readonly Point[],
  first: number | undefined,
  { repeat = false, others }: { repeat?: boolean; others?: readonly Point[] } = {},
): string[] {
  const at = offsets(points);
  return points.map((point, index) => {
    const offset = at.get(point.name)!;
    const size = sizeOf(point);
    const address =
      first === undefined ? '' : String(first + offset) + (size > 1 ? `-${first + offset + size - 1}` : '');
    const where = repeat ? `+${offset}` : address;
    return `| ${where} | ${offset} | \`${point.name}\` | ${point.type}${point.type === 'string' ? `[${size}]` : ''} | ${point.units ?? ''} | ${point.sf ? `\`${point.sf}\`` : ''} | ${point.writable ? 'rw' : 'r'} | ${served(point, others?.[index])} |`;
  });
}

const HEAD = [
  '| address | offset | point | type | units | scale factor | access | served |',
  '| ------- | ------ | ----- | ---- | ----- | ------------ | ------ | ------ |',
];

function section(
  def: ModelDef,
  header: number,
  title = `Model ${def.id}: ${def.label}`,
  others?: readonly Point[],
): string[] {
  const length = def.points.reduce((sum, point) => sum + sizeOf(point), 0);
  const lines = [
    `### ${title}`,
    '',
    `Header at ${header} (id ${def.id}, length ${def.repeat ? `${length} + 20 per string` : length}); points from ${header + 2}.`,
    '',
    ...HEAD,
    ...rows(def.points, header + 2, { others }),
  ];
  if (def.repeat)
    lines.push(
      '',
      `Then one block of 20 registers per string (the plant: every inverter's strings in unit order); string _n_ starts at ${header + 2 + length} + 20 × (_n_ − 1):`,
      '',
      ...HEAD,
      ...rows(def.repeat, undefined, { repeat: true }),
    );
  return [...lines, ''];
}

/** The map as Markdown (without the markers). */
export function renderRegisterMap(): string {
  const headers = modelAddresses(LAYOUT.map((def) => ({ def })));
  const lines = [
    `Every unit (the plant at 126 and each inverter) answers the same layout: \`SunS\` at ${BASE_ADDRESS}-${BASE_ADDRESS + 1}, then the models below, then the end marker (0xFFFF, 0) after model 160, whose length depends on the strings. Addresses are Modbus PDU addresses (register ${BASE_ADDRESS} is "${BASE_ADDRESS + 1}" in one-based tools). A value the DTU does not know reads as SunSpec's _not implemented_ (0xFFFF, 0x8000, 0 for an energy).`,
    '',
    ...section(COMMON, headers.get(COMMON.id)!),
    ...section(
      INVERTER_1PH,
      headers.get(INVERTER_1PH.id)!,
      `Model ${INVERTER_1PH.id} or ${INVERTER_3PH.id}: ${INVERTER_1PH.label} or ${INVERTER_3PH.label.toLowerCase()}`,
      INVERTER_3PH.points,
    ),
    ...section(NAMEPLATE, headers.get(NAMEPLATE.id)!),
    ...section(CONTROLS, headers.get(CONTROLS.id)!),
    ...section(MPPT, headers.get(MPPT.id)!),
  ];
  return lines.join('\n').trimEnd();
}

/** The page with its map as the code has it, formatted as `prettier --write` leaves it. */
export async function withMap(page: string): Promise<string> {
  const start = page.indexOf(MAP_START);
  const end = page.indexOf(MAP_END);
  if (start < 0 || end < start) throw new Error(`the page lacks the markers ${MAP_START} ... ${MAP_END}`);
  const text = `${page.slice(0, start + MAP_START.length)}\n\n${renderRegisterMap()}\n\n${page.slice(end)}`;
  return format(text, { ...(await resolveConfig(PAGE)), filepath: PAGE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(PAGE, await withMap(await readFile(PAGE, 'utf8')));
  console.log(`Register map written to ${PAGE}`);
}
