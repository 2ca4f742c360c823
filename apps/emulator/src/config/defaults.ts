import {
  CONFIG_VERSION,
  INV_MAX_CHAN_COUNT,
  INV_MAX_COUNT,
  INVERTER_FLAG_DEFAULTS,
  LOG_MODULE_COUNT,
  type Capabilities,
  type ConfigFile,
  type ConfigInverter,
} from '@opendtu/api';
import type { Identity } from './identity';
import { ISRG_ROOT_X1 } from './isrg-root-x1';

export function emptyInverterSlot(): ConfigInverter {
  return {
    serial: 0,
    name: '',
    order: 0,
    ...INVERTER_FLAG_DEFAULTS,
    channel: Array.from({ length: INV_MAX_CHAN_COUNT }, () => ({
      name: '',
      max_power: 0,
      yield_total_offset: 0,
    })),
  };
}

/** The configuration of a device without config.json (contract §7.2). */
/** Germany's rules: the device's zone until the owner picks another (contract §3.5). */
export const DEFAULT_NTP_TIMEZONE = 'CET-1CEST,M3.5.0,M10.5.0/3';
/** The same zone by its IANA name, as the settings show it (and `Intl` reads it). */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/**
 * `release` adds the sections its firmware keeps (syslog, logging); a release without
 * them drops those keys on load, as the firmware ignores keys it does not know.
 */
export function defaultConfig(
  identity: Identity,
  release?: Pick<Capabilities, 'syslog' | 'logging'>,
): ConfigFile {
  const config: ConfigFile = {
    cfg: { version: CONFIG_VERSION, save_count: 0 },
    wifi: {
      ssid: '',
      password: '',
      ip: '0.0.0.0',
      netmask: '0.0.0.0',
      gateway: '0.0.0.0',
      dns1: '0.0.0.0',
      dns2: '0.0.0.0',
      dhcp: true,
      hostname: 'OpenDTU-%06X',
      aptimeout: 3,
    },
    mdns: { enabled: false },
    ntp: {
      server: 'opendtu.pool.ntp.org',
      timezone: DEFAULT_NTP_TIMEZONE,
      timezone_descr: DEFAULT_TIME_ZONE,
      latitude: 51.1657,
      longitude: 10.4515,
      sunsettype: 1,
    },
    mqtt: {
      enabled: false,
      hostname: '',
      port: 1883,
      clientid: identity.apName,
      username: '',
      password: '',
      topic: 'solar/',
      retain: true,
      publish_interval: 5,
      clean_session: true,
      lwt: { topic: 'dtu/status', value_online: 'online', value_offline: 'offline', qos: 2 },
      tls: { enabled: false, root_ca_cert: ISRG_ROOT_X1, certlogin: false, client_cert: '', client_key: '' },
      hass: { enabled: false, retain: true, topic: 'homeassistant/', individual_panels: false, expire: true },
    },
    dtu: {
      serial: identity.defaultDtuSerial,
      poll_interval: 5,
      nrf_pa_level: 0,
      cmt_pa_level: 0,
      cmt_frequency: 865000000,
      cmt_country_mode: 0,
    },
    security: { password: 'openDTU42', allow_readonly: true },
    device: {
      pinmapping: '',
      display: {
        powersafe: true,
        screensaver: true,
        rotation: 2,
        contrast: 60,
        locale: 'en',
        diagram_duration: 36000,
        diagram_mode: 1,
      },
      led: [{ brightness: 100 }, { brightness: 100 }],
    },
    inverters: Array.from({ length: INV_MAX_COUNT }, emptyInverterSlot),
  };
  if (release?.syslog) config.syslog = { enabled: false, hostname: '', port: 514 };
  // Errors only, and no module with a level of its own (modules inherit the default).
  if (release?.logging) {
    config.logging = {
      default: 1,
      modules: Array.from({ length: LOG_MODULE_COUNT }, () => ({ level: 5, name: '' })),
    };
  }
  return config;
}
