import { ResponseCode, type NetworkConfig, type NetworkStatus } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { byteLength, truncateBytes } from '../config/fixed-strings';
import { expandHostname } from '../config/identity';
import { asBool, asString, asUint32, isBool, isString, isUint32At, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, warning } from '../http/respond';
import { configGetRoute, deviceRoute, jsonPostRoute, persist } from '../http/route';
import { wifiSignal } from './vitals';

/**
 * Arduino's `IPAddress::fromString`: exactly four dot-separated decimal groups 0..255;
 * an empty group counts as 0, so `1..2.3` is valid, `""` is not.
 */
export function isValidIp(text: string): boolean {
  let dots = 0;
  let group = 0;
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      group = group * 10 + Number(char);
      if (group > 255) return false;
    } else if (char === '.') {
      if (dots === 3) return false;
      dots += 1;
      group = 0;
    } else return false;
  }
  return dots === 3;
}

const STRING_KEYS = [
  'ssid',
  'password',
  'hostname',
  'ipaddress',
  'netmask',
  'gateway',
  'dns1',
  'dns2',
] as const;

/**
 * Contract §3.1-3.3. The emulator is a Wi-Fi station whenever an SSID is configured.
 * From v25.5.10 (`syslog`) the config also carries the syslog server: never required in
 * a POST, checked only when it turns syslog on, and stored whatever it says (a missing
 * key stores off, the text "null", port 0).
 */
export const networkRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  // The admin AP is up at boot without a station connection, and for `aptimeout` minutes
  // after a network-config save (contract §3.3 step 7).
  let apOpenedAtMs: number | undefined;

  deviceRoute(app, 'GET', '/api/network/status', 'readonly', async (_request, reply) => {
    const { wifi } = device.config.get();
    const station = wifi.ssid !== '';
    const { chipId, mac, apName } = device.identity;
    // A DHCP lease in a typical home network, stable per virtual device.
    const leased = `192.168.178.${20 + (chipId % 200)}`;
    const apActive =
      !station ||
      (apOpenedAtMs !== undefined &&
        (wifi.aptimeout === 0 || device.uptimeMs() - apOpenedAtMs < wifi.aptimeout * 60_000));
    const status: NetworkStatus = {
      sta_status: station,
      sta_ssid: wifi.ssid,
      sta_bssid: station ? '3C:A6:2F:5E:11:7A' : '00:00:00:00:00:00',
      sta_rssi: station ? wifiSignal(device.uptimeMs(), chipId) : 0,
      network_hostname: expandHostname(wifi.hostname, chipId),
      network_ip: station ? (wifi.dhcp ? leased : wifi.ip) : '0.0.0.0',
      network_netmask: station ? (wifi.dhcp ? '255.255.255.0' : wifi.netmask) : '0.0.0.0',
      network_gateway: station ? (wifi.dhcp ? '192.168.178.1' : wifi.gateway) : '0.0.0.0',
      network_dns1: station ? (wifi.dhcp ? '192.168.178.1' : wifi.dns1) : '0.0.0.0',
      network_dns2: station ? (wifi.dhcp ? '0.0.0.0' : wifi.dns2) : '0.0.0.0',
      network_mac: mac,
      network_mode: 'Station',
      ap_status: apActive,
      ap_ssid: apName,
      ap_ip: apActive ? '192.168.4.1' : '0.0.0.0',
      // The soft-AP MAC is the station MAC + 1 on an ESP32.
      ap_mac: mac.replace(/[0-9A-F]{2}$/, (last) =>
        ((parseInt(last, 16) + 1) & 0xff).toString(16).padStart(2, '0').toUpperCase(),
      ),
      ap_stationnum: 0,
    };
    return sendJson(reply, status);
  });

  configGetRoute(app, '/api/network/config', 'admin', ({ wifi, mdns, syslog }): NetworkConfig => ({
    hostname: wifi.hostname,
    dhcp: wifi.dhcp,
    ipaddress: wifi.ip,
    netmask: wifi.netmask,
    gateway: wifi.gateway,
    dns1: wifi.dns1,
    dns2: wifi.dns2,
    ssid: wifi.ssid,
    password: wifi.password,
    aptimeout: wifi.aptimeout,
    mdnsenabled: mdns.enabled,
    ...(syslog && {
      syslogenabled: syslog.enabled,
      sysloghostname: syslog.hostname,
      syslogport: syslog.port,
    }),
  }));

  jsonPostRoute(app, '/api/network/config', async (data) => {
    const field = (key: string): unknown => member(data, key);
    if (
      !STRING_KEYS.every((key) => isString(field(key))) ||
      !isBool(field('dhcp')) ||
      !isUint32At(data, 'aptimeout')
    ) {
      return VALUES_MISSING;
    }
    const text = (key: (typeof STRING_KEYS)[number]): string => field(key) as string;
    const ipChecks = [
      ['ipaddress', 'IP address is invalid!', ResponseCode.NetworkIpInvalid],
      ['netmask', 'Netmask is invalid!', ResponseCode.NetworkNetmaskInvalid],
      ['gateway', 'Gateway is invalid!', ResponseCode.NetworkGatewayInvalid],
      ['dns1', 'DNS Server IP 1 is invalid!', ResponseCode.NetworkDns1Invalid],
      ['dns2', 'DNS Server IP 2 is invalid!', ResponseCode.NetworkDns2Invalid],
    ] as const;
    for (const [key, message, code] of ipChecks) {
      if (!isValidIp(text(key))) return warning(message, code);
    }
    const hostnameLength = byteLength(text('hostname'));
    if (hostnameLength === 0 || hostnameLength > 31) {
      return warning('Hostname must between 1 and 31 characters long!');
    }
    // Checked only in Wi-Fi mode; the emulator never runs on Ethernet.
    const ssidLength = byteLength(text('ssid'));
    if (ssidLength === 0 || ssidLength > 32) return warning('SSID must between 1 and 32 characters long!');
    if (byteLength(text('password')) > 63) {
      return warning('Password must not be longer than 64 characters long!');
    }
    const aptimeout = field('aptimeout') as number;
    if (aptimeout > 99999) {
      return warning('ApTimeout must be a number between 0 and 99999!', ResponseCode.NetworkApTimeoutInvalid);
    }
    const config = device.config.get();
    const syslog = config.syslog && {
      enabled: asBool(field('syslogenabled')),
      hostname: asString(field('sysloghostname')),
      port: asUint32(field('syslogport')),
    };
    if (syslog?.enabled) {
      if (syslog.hostname.length === 0 || syslog.hostname.length > 128) {
        return warning(
          'Syslog Server must between 1 and 128 characters long!',
          ResponseCode.NetworkSyslogHostnameLength,
          { max: 128 },
        );
      }
      if (syslog.port === 0 || syslog.port > 65535) {
        return warning('Port must be a number between 1 and 65535!', ResponseCode.NetworkSyslogPort);
      }
    }
    Object.assign(config.wifi, {
      ssid: text('ssid'),
      password: text('password'),
      hostname: text('hostname'),
      ip: text('ipaddress'),
      netmask: text('netmask'),
      gateway: text('gateway'),
      dns1: text('dns1'),
      dns2: text('dns2'),
      dhcp: field('dhcp') as boolean,
      aptimeout,
    });
    config.wifi.hostname = truncateBytes(config.wifi.hostname, 31);
    config.mdns.enabled = asBool(field('mdnsenabled'));
    if (syslog) {
      // Stored in a 16-bit field and a 128-byte buffer.
      config.syslog = {
        ...syslog,
        hostname: truncateBytes(syslog.hostname, 128),
        port: syslog.port & 0xffff,
      };
    }
    apOpenedAtMs = device.uptimeMs();
    return persist(device, 'network', SETTINGS_SAVED);
  });
};
