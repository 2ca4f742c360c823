import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PIN_MAPPING_FILE_NAME, type CurrentPins, type PinMappingProfile } from '@opendtu/api';

/**
 * The board's pin assignment, chosen at boot (contract §4.3, Appendix B): the profile of
 * pin_mapping.json whose name equals `device.pinmapping`, each missing field `-1` as on a
 * generic build. Without a matching profile the emulator is its own virtual board, wired
 * with both radios (contract "Emulator deviations"), so a fresh emulator polls inverters;
 * a profile without radio pins is how tests reach the "radios not configured" state.
 */
export interface PinMapping {
  /** A profile of pin_mapping.json matched the configured name. */
  matched: boolean;
  pins: Omit<CurrentPins, 'name'>;
}

/** The emulator's own board: a classic ESP32 with NRF24 and CMT2300A (OpenDTU Fusion-like wiring). */
export const VIRTUAL_BOARD: PinMapping['pins'] = {
  nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 },
  cmt: { clk: 14, cs: 15, fcs: 26, sdio: 13, gpio2: 27, gpio3: 25 },
  w5500: { sclk: -1, mosi: -1, miso: -1, cs: -1, int: -1, rst: -1 },
  eth: { enabled: false, phy_addr: 0, power: -1, mdc: 23, mdio: 18, type: 0, clk_mode: 0 },
  display: { type: 0, data: -1, clk: -1, cs: -1, reset: -1 },
  led: { led0: -1, led1: -1 },
};

function int(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function pick<T extends Record<string, number | boolean>>(defaults: T, source: unknown): T {
  const input = source !== null && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  const result: Record<string, number | boolean> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = input[key];
    result[key] =
      typeof fallback === 'boolean' ? (typeof value === 'boolean' ? value : fallback) : int(value, fallback);
  }
  return result as T;
}

/** A profile's pins with every missing field as on a generic build (-1, display type 0, eth off). */
export function pinsOfProfile(profile: PinMappingProfile): PinMapping['pins'] {
  const none = { clk: -1, cs: -1 };
  return {
    nrf24: pick({ ...none, en: -1, irq: -1, miso: -1, mosi: -1 }, profile.nrf24),
    cmt: pick({ ...none, fcs: -1, sdio: -1, gpio2: -1, gpio3: -1 }, profile.cmt),
    w5500: pick({ sclk: -1, mosi: -1, miso: -1, cs: -1, int: -1, rst: -1 }, profile.w5500),
    eth: pick(
      { enabled: false, phy_addr: 0, power: -1, mdc: 23, mdio: 18, type: 0, clk_mode: 0 },
      profile.eth,
    ),
    display: pick({ type: 0, data: -1, clk: -1, cs: -1, reset: -1 }, profile.display),
    led: pick({ led0: -1, led1: -1 }, profile.led),
  };
}

/** Reads pin_mapping.json (if any) and selects the profile called `name`. */
export async function loadPinMapping(dataDir: string, name: string): Promise<PinMapping> {
  let profiles: unknown;
  try {
    profiles = JSON.parse(await readFile(join(dataDir, PIN_MAPPING_FILE_NAME), 'utf8'));
  } catch {
    profiles = undefined;
  }
  if (Array.isArray(profiles)) {
    // Profile names are held in 32 bytes on the device: longer names compare truncated.
    const wanted = name.slice(0, 31);
    const profile = profiles.find(
      (entry): entry is PinMappingProfile =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as PinMappingProfile).name === 'string' &&
        (entry as PinMappingProfile).name.slice(0, 31) === wanted,
    );
    if (profile && wanted !== '') return { matched: true, pins: pinsOfProfile(profile) };
  }
  return { matched: false, pins: VIRTUAL_BOARD };
}

/** The firmware's validity checks for the radio pin sets. */
export function nrfPinsValid(pins: PinMapping['pins']): boolean {
  const p = pins.nrf24;
  return [p.clk, p.cs, p.en, p.irq, p.miso, p.mosi].every((gpio) => gpio >= 0);
}

export function cmtPinsValid(pins: PinMapping['pins']): boolean {
  const p = pins.cmt;
  return [p.clk, p.cs, p.fcs, p.sdio].every((gpio) => gpio >= 0);
}
