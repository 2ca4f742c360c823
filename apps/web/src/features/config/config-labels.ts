// What the restore preview calls a setting: the label its settings screen gives it, not
// its path in config.json. Per section: the translation group and the section's title,
// then the paths whose label key is not simply the path in PascalCase (poll_interval is
// PollInterval, lwt.qos is LwtQos); list slots as #, an inverter's slot shown as "#n ·".
import type { Translator } from '../../i18n/runtime';

const LABELS: Record<string, string> = {
  wifi: 'networkadmin:NetworkSettings|ssid:WifiSsid|password:WifiPassword|ip:IpAddress|gateway:DefaultGateway|dns1:Dns|dns2:Dns|dhcp:EnableDhcp|aptimeout:ApTimeout',
  mdns: 'networkadmin:MdnsSettings|enabled:EnableMdns',
  ntp: 'ntpadmin:NtpSettings|server:TimeServer|timezone_descr:Timezone|sunsettype:SunSetType',
  mqtt: 'mqttadmin:MqttSettings|enabled:EnableMqtt|clientid:ClientId|topic:BaseTopic|retain:EnableRetain|lwt.value_online:LwtOnline|lwt.value_offline:LwtOffline|tls.enabled:EnableTls|tls.root_ca_cert:RootCa|tls.certlogin:TlsCertLoginEnable|tls.client_cert:ClientCert|tls.client_key:ClientKey|hass.enabled:EnableHass|hass.topic:HassPrefixTopic|hass.individual_panels:HassIndividual',
  dtu: 'dtuadmin:DtuSettings|cmt_country_mode:CmtCountry',
  security: 'securityadmin:SecuritySettings|password:AdminPassword|allow_readonly:ReadOnly',
  device:
    'deviceadmin:DeviceManager|pinmapping:SelectedProfile|display.powersafe:PowerSafe|display.contrast:ContrastLevel|display.locale:DisplayLanguage|led.#.brightness:LedLevel',
  inverters:
    'inverteradmin:InverterSettings|serial:InverterSerial|name:InverterName|yieldday_correction:YieldDayCorrection|channel.#.name:StringName|channel.#.max_power:StringMaxPower|channel.#.yield_total_offset:StringYtOffset',
};

function table(section: string): [group: string, title: string, labels: Map<string, string>] {
  const [head = ':', ...pairs] = (LABELS[section] ?? '').split('|');
  const [group = '', title = ''] = head.split(':');
  return [group, title, new Map(pairs.map((pair) => pair.split(':') as [string, string]))];
}

/** The section's title as its settings screen has it (the section's name when unknown). */
export function sectionLabel(t: Translator['t'], section: string): string {
  const [group, title] = table(section);
  return group ? t(`${group}.${title}`) : section;
}

/** A setting's label ("#2 · Name of string 1"); its path when no screen shows it. */
export function settingLabel(t: Translator['t'], section: string, path: string): string {
  const [group, , labels] = table(section);
  const slot = section === 'inverters' ? /^\d+/.exec(path)?.[0] : undefined;
  const rest = slot === undefined ? path : path.slice(slot.length + 1);
  const generic = rest.replace(/(^|\.)\d+(?=\.|$)/g, '$1#');
  // The display settings are one form with the rest of the device manager's.
  const name = (labels.get(generic) ?? generic.replace(/^display\./, '')).replace(
    /(?:^|[._])(\w)/g,
    (_, c: string) => c.toUpperCase(),
  );
  const key = `${group}.${name}`;
  // Slots count from 0 in the file, from 1 on the screens (dns1 and dns2 are already 1, 2).
  const index = /(?:^|\.)(\d+)(?:\.|$)/.exec(rest)?.[1];
  const num = index === undefined ? /\d$/.exec(rest)?.[0] : Number(index) + 1;
  const label = t(key, { num, led: num });
  if (!group || label === key) return path;
  return slot === undefined ? label : `#${Number(slot) + 1} · ${label}`;
}
