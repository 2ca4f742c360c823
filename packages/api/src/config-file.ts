/**
 * The device's config.json (contract §7.2). Unlike the API, serials are plain decimal
 * integers here, and several keys are spelled differently from the API's.
 */
import type { InverterFlags } from './inverter';

/** 0x00011d00: one byte each for major, minor and patch, then a zero byte. */
export const CONFIG_VERSION = 72960;

/** A config version as the device shows it: 72960 is "0.1.29". */
export function configVersionText(version: number = CONFIG_VERSION): string {
  const major = Math.floor(version / 2 ** 24) % 256;
  const minor = Math.floor(version / 2 ** 16) % 256;
  const patch = Math.floor(version / 2 ** 8) % 256;
  return `${major}.${minor}.${patch}`;
}

export interface ConfigInverterChannel {
  /** At most 30 characters survive a reboot. */
  name: string;
  max_power: number;
  yield_total_offset: number;
}

/** The inverter flags are stored under the API's names. */
export interface ConfigInverter extends InverterFlags {
  /** Decimal value of the hex serial; 0 marks an empty slot. */
  serial: number;
  name: string;
  order: number;
  /** Always `INV_MAX_CHAN_COUNT` entries. */
  channel: ConfigInverterChannel[];
}

export interface ConfigFile {
  cfg: { version: number; save_count: number };
  wifi: {
    ssid: string;
    password: string;
    ip: string;
    netmask: string;
    gateway: string;
    dns1: string;
    dns2: string;
    dhcp: boolean;
    /** printf pattern, e.g. "OpenDTU-%06X", expanded with the chip id when used. */
    hostname: string;
    /** Minutes. */
    aptimeout: number;
  };
  mdns: { enabled: boolean };
  /** v25.5.10 on (`Capabilities.syslog`). Hostname at most 128 bytes. */
  syslog?: { enabled: boolean; hostname: string; port: number };
  ntp: {
    server: string;
    timezone: string;
    timezone_descr: string;
    latitude: number;
    longitude: number;
    sunsettype: number;
  };
  mqtt: {
    enabled: boolean;
    hostname: string;
    port: number;
    clientid: string;
    username: string;
    password: string;
    topic: string;
    retain: boolean;
    /** Seconds. */
    publish_interval: number;
    clean_session: boolean;
    lwt: { topic: string; value_online: string; value_offline: string; qos: number };
    tls: {
      enabled: boolean;
      root_ca_cert: string;
      certlogin: boolean;
      client_cert: string;
      client_key: string;
    };
    hass: {
      enabled: boolean;
      retain: boolean;
      topic: string;
      individual_panels: boolean;
      expire: boolean;
    };
  };
  dtu: {
    /** Decimal value of the hex serial. */
    serial: number;
    /** Seconds. */
    poll_interval: number;
    nrf_pa_level: number;
    /** dBm. */
    cmt_pa_level: number;
    /** Hz. */
    cmt_frequency: number;
    cmt_country_mode: number;
  };
  security: { password: string; allow_readonly: boolean };
  device: {
    /** Name of the selected pin_mapping.json profile; "" = none. */
    pinmapping: string;
    display: {
      powersafe: boolean;
      screensaver: boolean;
      rotation: number;
      contrast: number;
      locale: string;
      /** Seconds. */
      diagram_duration: number;
      diagram_mode: number;
    };
    /** Always 2 entries. */
    led: { brightness: number }[];
  };
  /** Always `INV_MAX_COUNT` entries, empty slots included. */
  inverters: ConfigInverter[];
  /**
   * v25.5.10 on (`Capabilities.logging`): ESP-IDF levels (0 none .. 5 verbose), default
   * and per module; always `LOG_MODULE_COUNT` slots, unused ones with an empty name.
   */
  logging?: { default: number; modules: { level: number; name: string }[] };
}

/** Slots for per-module log levels in config.json. */
export const LOG_MODULE_COUNT = 16;
