/**
 * Samples as InfluxDB line protocol, which InfluxDB 1, 2 and 3, VictoriaMetrics, QuestDB
 * and Telegraf all take. Two measurements (docs/features/influxdb-grafana.md lists them):
 * - `opendtu_inverter`, tags `serial`, `name`: fields `power_ac` (W), `power_dc` (W),
 *   `yield_day` (Wh), `yield_total` (kWh), `temperature` (°C), `limit_relative` (%),
 *   `reachable`, `producing`;
 * - `opendtu_string`, tags `serial`, `name`, `string` (1, 2, ...), `string_name`: field
 *   `power` (W).
 * - `opendtu_grid` (issue 45), the grid meter: fields `power` (W, positive when taken from
 *   the grid), `import_wh` and `export_wh` (Wh taken and fed as the companion counted them,
 *   phases netted, since it began recording: counters that only grow, for Grafana's
 *   `increase()`); tag `dtu`: the device's name, `plant` for a plant's own meter, none
 *   for one device.
 * A companion in front of several devices adds the tag `dtu` (the device's name) to both,
 * so a dashboard can sum or split by device; one device's lines stay as they always were.
 * An unreachable inverter's values are not measurements: only `reachable` and `producing`
 * are written then. Timestamps in nanoseconds (the protocol's default precision).
 */
import type { Sample } from '../recorder/sample';

/** Tag values cannot hold a line break; commas, equal signs and spaces are escaped. */
const escapeTag = (text: string): string =>
  text.replace(/[\r\n]/g, ' ').replace(/[,= ]/g, (char) => `\\${char}`);

function tags(pairs: [string, string][]): string {
  return pairs
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `,${key}=${escapeTag(value)}`)
    .join('');
}

function fields(pairs: [string, number | boolean | null][]): string {
  return pairs
    .filter((pair): pair is [string, number | boolean] => pair[1] !== null)
    .map(([key, value]) => `${key}=${typeof value === 'boolean' ? value : String(value)}`)
    .join(',');
}

/** The sample's lines; `dtu`: the device's name in a plant ('' leaves the tag out). */
export function linesOf(sample: Sample, dtu = ''): string[] {
  const time = `${sample.t}000000`;
  const inverter = tags([
    ['dtu', dtu],
    ['serial', sample.serial],
    ['name', sample.name],
  ]);
  const state: [string, boolean][] = [
    ['reachable', sample.reachable],
    ['producing', sample.producing],
  ];
  if (!sample.reachable) return [`opendtu_inverter${inverter} ${fields(state)} ${time}`];
  const dcPowers = sample.dc.filter((power): power is number => power !== null);
  const lines = [
    `opendtu_inverter${inverter} ${fields([
      ['power_ac', sample.ac],
      ['power_dc', dcPowers.length ? Math.round(dcPowers.reduce((a, b) => a + b, 0) * 10) / 10 : null],
      ['yield_day', sample.yieldDay],
      ['yield_total', sample.yieldTotal],
      ['temperature', sample.temperature],
      ['limit_relative', sample.limit],
      ...state,
    ])} ${time}`,
  ];
  sample.dc.forEach((power, index) => {
    if (power === null) return;
    const string = tags([
      ['dtu', dtu],
      ['serial', sample.serial],
      ['name', sample.name],
      ['string', String(index + 1)],
      ['string_name', sample.strings[index] ?? ''],
    ]);
    lines.push(`opendtu_string${string} power=${power} ${time}`);
  });
  return lines;
}

/** A grid meter's sample as one line; `dtu`: the device's name in a plant, or 'plant' for the plant's meter. */
export function gridLine(
  point: { t: number; powerW: number; importWh: number; exportWh: number },
  dtu = '',
): string {
  const round = (wh: number): number => Math.round(wh * 10) / 10;
  return `opendtu_grid${tags([['dtu', dtu]])} ${fields([
    ['power', point.powerW],
    ['import_wh', round(point.importWh)],
    ['export_wh', round(point.exportWh)],
  ])} ${point.t}000000`;
}
