// The one table `npm run bench` prints, as Markdown so it can go into docs/internals/benchmarks.md as it is.
import { summarize, type Summary } from './stats';

/** A figure: one number, or the samples of several runs. */
export type Figure = number | number[] | undefined;

export interface Row {
  name: string;
  ours: Figure;
  /** The bundle given with --webapp (side-by-side mode). */
  other?: Figure;
  /** Formats one value in the row's unit. */
  format: (value: number) => string;
  /** Reference, goal or how the figure was taken. */
  note?: string;
}

const integer = (value: number): string => Math.round(value).toLocaleString('en-US');
export const fmt = {
  bytes: integer,
  count: integer,
  ms: (value: number): string =>
    value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : integer(value),
  perSecond: (value: number): string => (value < 100 ? value.toFixed(1) : integer(value)),
  /** A share of a core's time: hundredths, where a companion's CPU is. */
  percent: (value: number): string => value.toFixed(2),
  mb: (value: number): string => (value / 1_048_576).toFixed(1),
};

const central = (figure: Figure): number | undefined =>
  figure === undefined ? undefined : typeof figure === 'number' ? figure : summarize(figure).median;

function cell(figure: Figure, format: Row['format']): string {
  if (figure === undefined) return 'not reached';
  if (typeof figure === 'number') return format(figure);
  if (figure.length === 0) return 'no samples';
  const { median, p95, runs }: Summary = summarize(figure);
  // The 95th percentile only where the runs vary (more than 1 % apart).
  const varies = runs > 1 && Math.abs(p95 - median) > Math.abs(median) * 0.01;
  return varies ? `${format(median)} (p95 ${format(p95)})` : format(median);
}

function ratio(ours: Figure, other: Figure): string {
  const a = central(ours);
  const b = central(other);
  if (a === undefined || b === undefined || b === 0 || Number.isNaN(a) || Number.isNaN(b)) return '–';
  return `${(a / b).toFixed(2)}x`;
}

export function renderTable(rows: Row[], otherLabel: string | undefined): string {
  const header = otherLabel
    ? ['figure', 'ours', otherLabel, 'ours / other', 'reference, note']
    : ['figure', 'ours', 'reference, note'];
  const body = rows.map((row) => {
    const cells = [row.name, cell(row.ours, row.format)];
    if (otherLabel) {
      const sideBySide = 'other' in row;
      cells.push(sideBySide ? cell(row.other, row.format) : '', sideBySide ? ratio(row.ours, row.other) : '');
    }
    cells.push(row.note ?? '');
    return cells;
  });
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
