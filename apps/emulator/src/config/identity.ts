import { createHash } from 'node:crypto';
import { formatSerial } from '@opendtu/api';

/**
 * What a real device derives from its MAC address (contract §7.3). The emulator derives it
 * from its data folder, so each virtual device keeps one identity across restarts.
 */
export interface Identity {
  /** 24-bit chip id. */
  chipId: number;
  mac: string;
  /** "OpenDTU-" + chip id in decimal: the AP SSID and default MQTT client id. */
  apName: string;
  /** The DTU serial generated for a config without one, as a number. */
  defaultDtuSerial: number;
}

export function identityFor(dataDir: string): Identity {
  const digest = createHash('md5').update(dataDir).digest();
  const chipId = digest.readUIntBE(0, 3);
  const macBytes = [0x24, 0x6f, 0x28, digest[2] ?? 0, digest[1] ?? 0, digest[0] ?? 0];
  const mac = macBytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
  // 0x199980100000 + the last five decimal digits of the chip id as BCD nibbles.
  const digits = String(chipId % 100000).padStart(5, '0');
  const defaultDtuSerial = parseInt(`1999801${digits}`, 16);
  return { chipId, mac, apName: `OpenDTU-${chipId}`, defaultDtuSerial };
}

/** The hostname pattern expanded and sanitised as the device does (contract §7.3). */
export function expandHostname(pattern: string, chipId: number): string {
  const fallback = `OpenDTU-${chipId.toString(16).toUpperCase().padStart(6, '0')}`;
  const expanded = pattern.replace(/%0?(\d*)([Xx])/g, (_m, width: string, x: string) => {
    const hex = chipId.toString(16);
    return (x === 'X' ? hex.toUpperCase() : hex).padStart(Number(width || 0), '0');
  });
  const cleaned = expanded
    .replace(/[ _\-+!?*]/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .slice(0, 31)
    .replace(/-+$/, '');
  return cleaned || fallback;
}

export function dtuSerialText(serial: number): string {
  return formatSerial(serial);
}
