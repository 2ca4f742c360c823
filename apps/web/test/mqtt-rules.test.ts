import type { MqttConfig } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { mqttErrors } from '../src/features/settings/mqtt/mqtt-rules';

const t = (key: string) => key;

const valid: MqttConfig = {
  mqtt_enabled: true,
  mqtt_hostname: 'broker',
  mqtt_port: 1883,
  mqtt_clientid: '',
  mqtt_username: '',
  mqtt_password: '',
  mqtt_topic: 'solar/',
  mqtt_retain: true,
  mqtt_tls: false,
  mqtt_root_ca_cert: 'x'.repeat(3000),
  mqtt_tls_cert_login: false,
  mqtt_client_cert: '',
  mqtt_client_key: '',
  mqtt_lwt_topic: 'dtu/status',
  mqtt_lwt_online: 'online',
  mqtt_lwt_offline: 'offline',
  mqtt_lwt_qos: 2,
  mqtt_publish_interval: 5,
  mqtt_clean_session: true,
  mqtt_hass_enabled: false,
  mqtt_hass_expire: true,
  mqtt_hass_retain: true,
  mqtt_hass_topic: 'home assistant/',
  mqtt_hass_individualpanels: false,
};

const messages = (change: Partial<MqttConfig>) =>
  Object.fromEntries(Object.entries(mqttErrors(t, { ...valid, ...change })).filter(([, message]) => message));

describe('the MQTT rules', () => {
  it('pass a valid configuration, checking hidden sections as the device does', () => {
    expect(messages({})).toEqual({});
    expect(messages({ mqtt_enabled: false, mqtt_hostname: '', mqtt_topic: 'no slash' })).toEqual({});
  });

  it('refuse what the device refuses, with the spec messages', () => {
    expect(messages({ mqtt_hostname: '' })).toEqual({ mqtt_hostname: 'validation.Required' });
    expect(messages({ mqtt_topic: 'solar' })).toEqual({ mqtt_topic: 'mqttadmin.TopicEndsWithSlash' });
    expect(messages({ mqtt_topic: 'so lar/' })).toEqual({ mqtt_topic: 'validation.NoSpaces' });
    expect(messages({ mqtt_topic: `${'x'.repeat(32)}/` })).toEqual({ mqtt_topic: 'validation.LengthMax' });
    expect(messages({ mqtt_port: 0, mqtt_publish_interval: 86401 })).toEqual({
      mqtt_port: 'validation.WholeNumberBetween',
      mqtt_publish_interval: 'validation.WholeNumberBetween',
    });
    // The spec's bounds, 5 to 86400 s; above 65535 the device's own refusal (7013) is shown.
    expect(messages({ mqtt_publish_interval: 4 })).toEqual({
      mqtt_publish_interval: 'validation.WholeNumberBetween',
    });
    expect(messages({ mqtt_publish_interval: 86400 })).toEqual({});
    expect(messages({ mqtt_tls: true })).toEqual({ mqtt_root_ca_cert: 'validation.LengthMax' });
    expect(messages({ mqtt_hass_enabled: true })).toEqual({ mqtt_hass_topic: 'validation.NoSpaces' });
    expect(messages({ mqtt_lwt_online: 'x'.repeat(21) })).toEqual({
      mqtt_lwt_online: 'validation.LengthMax',
    });
  });
});
