/**
 * Builds the simulated inverter for a configured serial: model and firmware from the
 * serial, modules from the channel settings, a roof layout and a lifetime yield that are
 * plausible and always the same for the same serial.
 */
import { familyOf, productionDate, type ConfigInverter, type InverterFamily } from '@opendtu/api';
import { defaultModuleWp, specFor, type InverterSpec } from './catalog';
import { demoShade } from './demo-inverters';
import { DtuInverter } from './dtu-inverter';
import { PhysicalInverter, type InputSetup } from './inverter-physics';
import type { Orientation } from './irradiance';
import { RadioLink } from './radio-stats';
import { between, createRandom, seedOf, type Random } from './random';

const SOUTH: Orientation = { tilt: 30, azimuth: 180 };
const EAST: Orientation = { tilt: 15, azimuth: 90 };
const WEST: Orientation = { tilt: 15, azimuth: 270 };
const SOUTH_WEST: Orientation = { tilt: 35, azimuth: 210 };

// Most roofs face south; some systems are east/west (the first half of the trackers
// east), a few south-west. Paired inputs share a tracker and one voltage, so a pair always
// faces one way (an HMT-6T has three trackers: two east, one west).
function layout(family: InverterFamily, random: Random): Orientation[] {
  const r = random();
  const inputs = family.dcInputs;
  const trackerOf = (input: number): number => (family.pairedVoltage ? Math.floor(input / 2) : input);
  const trackers = trackerOf(inputs - 1) + 1;
  if (trackers >= 2 && r < 0.3) {
    return Array.from({ length: inputs }, (_, i) => (trackerOf(i) < trackers / 2 ? EAST : WEST));
  }
  const face = r < 0.85 ? SOUTH : SOUTH_WEST;
  return Array.from({ length: inputs }, () => face);
}

// About 950 kWh per kWp and year since the production date in the serial.
function lifetimeYieldWh(serial: number, wp: number, nowMs: number, random: Random): number {
  const { year, week } = productionDate(serial);
  const produced = Date.UTC(year, 0, 1) + (Number.parseInt(week, 16) || 26) * 7 * 86_400_000;
  const years = Math.max(0.1, (nowMs - produced) / (365.25 * 86_400_000) - 0.15);
  return Math.round(years * 950 * (wp / 1000) * between(random, 0.85, 1.05) * 1000);
}

export interface FactoryOptions {
  nowMs: number;
  /** Lifetime Wh per input from the yield store, when this inverter ran before. */
  storedYields: number[] | undefined;
  radioReady: (radio: 'nrf' | 'cmt') => boolean;
}

/** The module peak power of each input: the configured `max_power`, else a typical module. */
export function moduleWps(slot: ConfigInverter, spec: InverterSpec): number[] {
  return Array.from({ length: spec.family.dcInputs }, (_, i) => {
    const configured = slot.channel[i]?.max_power ?? 0;
    return configured > 0 ? configured : defaultModuleWp(spec);
  });
}

export function createInverter(slot: ConfigInverter, options: FactoryOptions): DtuInverter | undefined {
  const family = familyOf(slot.serial);
  if (!family) return undefined;
  const spec = specFor(slot.serial, family);
  const random = createRandom(seedOf('inverter', slot.serial));
  const orientations = layout(family, random);
  const inputs: InputSetup[] = moduleWps(slot, spec).map((wp, i) => ({
    wp,
    orientation: orientations[i] ?? SOUTH,
    shade: demoShade(slot.serial, i),
  }));
  const yields =
    options.storedYields ??
    inputs.map((input) => lifetimeYieldWh(slot.serial, input.wp, options.nowMs, random));
  const physical = new PhysicalInverter(spec, inputs, createRandom(seedOf('physics', slot.serial)), yields);
  const radio = new RadioLink(family.radio, createRandom(seedOf('radio', slot.serial)));
  return new DtuInverter(slot.serial, family, spec, physical, radio, options.radioReady(family.radio));
}
