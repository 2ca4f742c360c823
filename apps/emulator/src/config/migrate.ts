import { CONFIG_VERSION } from '@opendtu/api';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function section(root: Json, key: string): Json {
  const value = root[key];
  if (isRecord(value)) return value;
  const created: Json = {};
  root[key] = created;
  return created;
}

/**
 * The firmware's boot-time migration of an older config.json (contract §7.4), applied to
 * the parsed document before it is read: each step for a version older than its own, in
 * order. Returns true when the document was older (it must then be written back).
 */
export function migrateConfig(root: Json): boolean {
  const cfg = section(root, 'cfg');
  const version = typeof cfg.version === 'number' ? cfg.version : 0;
  if (version === CONFIG_VERSION) return false;

  if (version < 0x00011700) {
    // Channel max power came from the legacy per-inverter array; channel names are cleared.
    for (const inverter of Array.isArray(root.inverters) ? root.inverters : []) {
      if (!isRecord(inverter)) continue;
      const legacy = Array.isArray(inverter.channels) ? inverter.channels : [];
      inverter.channel = legacy.map((maxPower) => ({
        name: '',
        max_power: typeof maxPower === 'number' ? maxPower : 0,
        yield_total_offset: 0,
      }));
    }
  }
  const mqtt = section(root, 'mqtt');
  if (version < 0x00011800 && 'publish_invterval' in mqtt) mqtt.publish_interval = mqtt.publish_invterval;
  const dtu = section(root, 'dtu');
  if (version < 0x00011900 && 'pa_level' in dtu) dtu.nrf_pa_level = dtu.pa_level;
  if (version < 0x00011b00 && typeof dtu.cmt_frequency === 'number') dtu.cmt_frequency *= 1000;
  const ntp = section(root, 'ntp');
  if (version < 0x00011c00 && ntp.server === 'pool.ntp.org') ntp.server = 'opendtu.pool.ntp.org';
  if (version < 0x00011d00) {
    const display = section(section(root, 'device'), 'display');
    const locale = ['en', 'de', 'fr'][typeof display.language === 'number' ? display.language : 0];
    display.locale = locale ?? 'en';
  }
  cfg.version = CONFIG_VERSION;
  return true;
}
