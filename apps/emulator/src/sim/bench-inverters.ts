/**
 * `--inverters <n>`: a fresh device with n identical six-string inverters (HMT-2250-6T)
 * instead of the three demo ones, so benchmarks can load the largest installation a DTU
 * takes (10 inverters) with the widest live-data frames.
 */
import { INV_MAX_COUNT, parseSerial, type ConfigInverter } from '@opendtu/api';

/** Serial of the i-th inverter: HMT-6CH prefix, odd low bits so the catalogue picks the 2250 W model. */
export function sixStringSerial(index: number): string {
  return `1382912345${String(index * 2 + 1).padStart(2, '0')}`;
}

/** Fills the first `count` slots of a fresh configuration with six-string inverters. */
export function fillSixStringInverters(slots: ConfigInverter[], count: number): void {
  for (let index = 0; index < Math.min(count, INV_MAX_COUNT, slots.length); index += 1) {
    const slot = slots[index];
    if (!slot) continue;
    slot.serial = parseSerial(sixStringSerial(index));
    slot.name = `HMT-2250 ${index + 1}`;
    slot.order = index;
    slot.channel
      .slice(0, 6)
      .forEach((channel, input) => Object.assign(channel, { name: `String ${input + 1}`, max_power: 440 }));
  }
}
