import { describe, expect, it } from 'vitest';
import de from '../src/i18n/de.json';
import en from '../src/i18n/en.json';
import { sectionLabel, settingLabel } from '../src/features/config/config-labels';
import { createTranslator } from '../src/i18n/runtime';

describe('the restore preview', () => {
  const { t } = createTranslator([en]);

  it('names sections and settings as their screens do, slots counted from 1', () => {
    expect(sectionLabel(t, 'wifi')).toBe('Network settings');
    expect(settingLabel(t, 'wifi', 'hostname')).toBe('Host name');
    expect(settingLabel(t, 'wifi', 'dns2')).toBe('DNS server 2');
    expect(settingLabel(t, 'mqtt', 'lwt.topic')).toBe('Topic');
    expect(settingLabel(t, 'device', 'led.1.brightness')).toBe('LED 2 brightness');
    expect(settingLabel(t, 'inverters', '0.name')).toBe('#1 · Name');
    expect(settingLabel(t, 'inverters', '2.channel.0.max_power')).toBe('#3 · Peak power of string 1');
    expect(settingLabel(createTranslator([de]).t, 'inverters', '2.channel.0.name')).toBe(
      `#3 · ${createTranslator([de]).t('inverteradmin.StringName', { num: 1 })}`,
    );
  });

  it('has a label for every setting of a v25.4.10 config.json', () => {
    const paths =
      `wifi.ssid wifi.password wifi.ip wifi.netmask wifi.gateway wifi.dns1 wifi.dns2 wifi.dhcp wifi.hostname
      wifi.aptimeout mdns.enabled ntp.server ntp.timezone ntp.timezone_descr ntp.latitude ntp.longitude ntp.sunsettype
      mqtt.enabled mqtt.hostname mqtt.port mqtt.clientid mqtt.username mqtt.password mqtt.topic mqtt.retain
      mqtt.publish_interval mqtt.clean_session mqtt.lwt.topic mqtt.lwt.value_online mqtt.lwt.value_offline mqtt.lwt.qos
      mqtt.tls.enabled mqtt.tls.root_ca_cert mqtt.tls.certlogin mqtt.tls.client_cert mqtt.tls.client_key
      mqtt.hass.enabled mqtt.hass.retain mqtt.hass.topic mqtt.hass.individual_panels mqtt.hass.expire dtu.serial
      dtu.poll_interval dtu.nrf_pa_level dtu.cmt_pa_level dtu.cmt_frequency dtu.cmt_country_mode security.password
      security.allow_readonly device.pinmapping device.display.powersafe device.display.screensaver
      device.display.rotation device.display.contrast device.display.locale device.display.diagram_duration
      device.display.diagram_mode device.led.0.brightness inverters.0.serial inverters.0.name inverters.0.order
      inverters.0.poll_enable inverters.0.poll_enable_night inverters.0.command_enable inverters.0.command_enable_night
      inverters.0.reachable_threshold inverters.0.zero_runtime inverters.0.zero_day inverters.0.clear_eventlog
      inverters.0.yieldday_correction inverters.0.channel.0.name inverters.0.channel.0.max_power
      inverters.0.channel.0.yield_total_offset`.split(/\s+/);
    const unlabelled = paths.filter((full) => {
      const [section, ...rest] = full.split('.');
      const path = rest.join('.');
      return settingLabel(t, section!, path) === path || sectionLabel(t, section!) === section;
    });
    expect(unlabelled).toEqual([]);
  });

  it('keeps the path of a setting no screen shows (a newer firmware, a section we do not know)', () => {
    expect(settingLabel(t, 'mqtt', 'future.key')).toBe('future.key');
    expect(settingLabel(t, 'syslog', 'port')).toBe('port');
    expect(sectionLabel(t, 'syslog')).toBe('syslog');
  });
});
