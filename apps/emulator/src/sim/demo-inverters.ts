/**
 * A fresh emulator is a believable installation at once: three inverters of different
 * families and radios, named, with their strings named and sized. The serials are chosen
 * so the model picked from the serial is the one in the name (see catalog.ts).
 */
import { parseSerial, type ConfigInverter } from '@opendtu/api';
import type { SunPosition } from './sun';

interface DemoInverter {
  serial: string;
  name: string;
  strings: readonly (readonly [name: string, wp: number])[];
}

const DEMO: readonly DemoInverter[] = [
  {
    serial: '114181234569',
    name: 'Garage HM-800',
    strings: [
      ['Garage left', 410],
      ['Garage right', 410],
    ],
  },
  {
    serial: '116491234568',
    name: 'House HMS-2000',
    strings: [
      ['Roof 1', 500],
      ['Roof 2', 500],
      ['Roof 3', 500],
      ['Roof 4', 500],
    ],
  },
  {
    serial: '138291234567',
    name: 'Barn HMT-2250',
    strings: [
      ['Barn A1', 440],
      ['Barn A2', 440],
      ['Barn B1', 440],
      ['Barn B2', 440],
      ['Barn C1', 440],
      ['Barn C2', 440],
    ],
  },
];

/** Fills the first slots of a fresh configuration with the demo inverters. */
export function fillDemoInverters(slots: ConfigInverter[]): void {
  DEMO.forEach((demo, index) => {
    const slot = slots[index];
    if (!slot) return;
    slot.serial = parseSerial(demo.serial);
    slot.name = demo.name;
    slot.order = index;
    demo.strings.forEach(([name, wp], i) => {
      const channel = slot.channel[i];
      if (channel) Object.assign(channel, { name, max_power: wp });
    });
  });
}

const GARAGE = parseSerial('114181234569');
/** The demo garage's right string: a neighbour's tree covers it from early afternoon. */
const SHADED_INPUT = 1;

// Most of the direct light is gone once the sun stands south-west of the tree, with a
// soft edge over about 15 degrees of azimuth.
function treeShade(sun: SunPosition): number {
  const into = Math.min(1, Math.max(0, (sun.azimuth - 205) / 15));
  return 1 - 0.6 * into;
}

/** The shading of one demo input, so the live view's string health has something to find. */
export function demoShade(serial: number, input: number): ((sun: SunPosition) => number) | undefined {
  return serial === GARAGE && input === SHADED_INPUT ? treeShade : undefined;
}
