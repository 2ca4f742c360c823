import {
  ResponseCode,
  type ConfigFile,
  type MqttConfig,
  type MqttPublishing,
  type MqttStatus,
} from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { byteLength, truncateBytes } from '../config/fixed-strings';
import { asString, isBool, isString, isUint32At, isUint8At, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, warning } from '../http/respond';
import { configGetRoute, jsonPostRoute, persist } from '../http/route';
import { certificateInfo } from '../mqtt/cert-info';

const BOOL_KEYS = [
  'mqtt_enabled',
  'mqtt_retain',
  'mqtt_tls',
  'mqtt_tls_cert_login',
  'mqtt_clean_session',
  'mqtt_hass_enabled',
  'mqtt_hass_expire',
  'mqtt_hass_retain',
  'mqtt_hass_individualpanels',
] as const;
const STRING_KEYS = [
  'mqtt_hostname',
  'mqtt_clientid',
  'mqtt_username',
  'mqtt_password',
  'mqtt_topic',
  'mqtt_client_cert',
  'mqtt_client_key',
  'mqtt_lwt_topic',
  'mqtt_lwt_online',
  'mqtt_lwt_offline',
  'mqtt_hass_topic',
] as const;

type Form = Record<(typeof BOOL_KEYS)[number], boolean> &
  Record<(typeof STRING_KEYS)[number], string> & {
    mqtt_port: number;
    mqtt_lwt_qos: number;
    mqtt_publish_interval: number;
    mqtt_root_ca_cert: string;
  };

/** The value checks of an enabled MQTT config, in the firmware's order (contract §3.11). */
function validate(form: Form): ReturnType<typeof warning> | undefined {
  const len = byteLength;
  const C = ResponseCode;
  if (len(form.mqtt_hostname) === 0 || len(form.mqtt_hostname) > 128) {
    return warning('MqTT Server must between 1 and 128 characters long!', C.MqttHostnameLength, { max: 128 });
  }
  if (len(form.mqtt_clientid) > 64) {
    return warning('Client ID must not be longer than 64 characters!', C.MqttClientIdLength, { max: 64 });
  }
  if (len(form.mqtt_username) > 64) {
    return warning('Username must not be longer than 64 characters!', C.MqttUsernameLength, { max: 64 });
  }
  if (len(form.mqtt_password) > 64) {
    return warning('Password must not be longer than 64 characters!', C.MqttPasswordLength, { max: 64 });
  }
  if (len(form.mqtt_topic) > 32) {
    return warning('Topic must not be longer than 32 characters!', C.MqttTopicLength, { max: 32 });
  }
  if (form.mqtt_topic.includes(' '))
    return warning('Topic must not contain space characters!', C.MqttTopicCharacter);
  if (!form.mqtt_topic.endsWith('/'))
    return warning('Topic must end with a slash (/)!', C.MqttTopicTrailingSlash);
  if (form.mqtt_port === 0 || form.mqtt_port > 65535) {
    return warning('Port must be a number between 1 and 65535!', C.MqttPort);
  }
  if (
    [form.mqtt_root_ca_cert, form.mqtt_client_cert, form.mqtt_client_key].some((text) => len(text) > 2560)
  ) {
    return warning('Certificates must not be longer than 2560 characters!', C.MqttCertificateLength, {
      max: 2560,
    });
  }
  if (len(form.mqtt_lwt_topic) > 32) {
    return warning('LWT topic must not be longer than 32 characters!', C.MqttLwtTopicLength, { max: 32 });
  }
  if (form.mqtt_lwt_topic.includes(' ')) {
    return warning('LWT topic must not contain space characters!', C.MqttLwtTopicCharacter);
  }
  if (len(form.mqtt_lwt_online) > 20) {
    return warning('LWT online value must not be longer than 20 characters!', C.MqttLwtOnlineLength, {
      max: 20,
    });
  }
  if (len(form.mqtt_lwt_offline) > 20) {
    return warning('LWT offline value must not be longer than 20 characters!', C.MqttLwtOfflineLength, {
      max: 20,
    });
  }
  if (form.mqtt_lwt_qos > 2) return warning('LWT QoS must not be greater than 2!', C.MqttLwtQos, { max: 2 });
  if (form.mqtt_publish_interval < 5 || form.mqtt_publish_interval > 65535) {
    return warning('Publish interval must be a number between 5 and 65535!', C.MqttPublishInterval, {
      min: 5,
      max: 65535,
    });
  }
  if (form.mqtt_hass_enabled) {
    if (len(form.mqtt_hass_topic) > 32) {
      return warning('Hass topic must not be longer than 32 characters!', C.MqttHassTopicLength, { max: 32 });
    }
    if (form.mqtt_hass_topic.includes(' ')) {
      return warning('Hass topic must not contain space characters!', C.MqttHassTopicCharacter);
    }
  }
  return undefined;
}

/** The publishing and discovery settings, which the status and the config both answer. */
function publishing(mqtt: ConfigFile['mqtt']): MqttPublishing {
  return {
    mqtt_publish_interval: mqtt.publish_interval,
    mqtt_clean_session: mqtt.clean_session,
    mqtt_hass_enabled: mqtt.hass.enabled,
    mqtt_hass_expire: mqtt.hass.expire,
    mqtt_hass_retain: mqtt.hass.retain,
    mqtt_hass_topic: mqtt.hass.topic,
    mqtt_hass_individualpanels: mqtt.hass.individual_panels,
  };
}

/** Contract §3.9-3.11: MQTT status (connection state is real), settings and their checks. */
export const mqttRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;

  configGetRoute(app, '/api/mqtt/status', 'readonly', ({ mqtt }): MqttStatus => ({
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: mqtt.clientid || device.identity.apName,
    mqtt_username: mqtt.username,
    mqtt_topic: mqtt.topic,
    mqtt_connected: device.mqtt.connected,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert_info: certificateInfo(mqtt.tls.root_ca_cert),
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert_info: certificateInfo(mqtt.tls.client_cert),
    mqtt_lwt_topic: mqtt.topic + mqtt.lwt.topic,
    ...publishing(mqtt),
  }));

  configGetRoute(app, '/api/mqtt/config', 'admin', ({ mqtt }): MqttConfig => ({
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: mqtt.clientid,
    mqtt_username: mqtt.username,
    mqtt_password: mqtt.password,
    mqtt_topic: mqtt.topic,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert: mqtt.tls.root_ca_cert,
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert: mqtt.tls.client_cert,
    mqtt_client_key: mqtt.tls.client_key,
    mqtt_lwt_topic: mqtt.lwt.topic,
    mqtt_lwt_online: mqtt.lwt.value_online,
    mqtt_lwt_offline: mqtt.lwt.value_offline,
    mqtt_lwt_qos: mqtt.lwt.qos,
    ...publishing(mqtt),
  }));

  jsonPostRoute(app, '/api/mqtt/config', async (data) => {
    const get = (key: string): unknown => member(data, key);
    const present =
      BOOL_KEYS.every((key) => isBool(get(key))) &&
      STRING_KEYS.every((key) => isString(get(key))) &&
      isUint32At(data, 'mqtt_port') &&
      isUint8At(data, 'mqtt_lwt_qos') &&
      isUint32At(data, 'mqtt_publish_interval');
    if (!present) return VALUES_MISSING;
    // The root CA is not checked: a missing one is stored as the text "null".
    const form = { ...(data as Form), mqtt_root_ca_cert: asString(get('mqtt_root_ca_cert')) };
    if (form.mqtt_enabled) {
      const problem = validate(form);
      if (problem) return problem;
    }
    // Without validation (MQTT off) over-long texts are cut to the storage sizes (§14).
    const cut = truncateBytes;
    const { mqtt } = device.config.get();
    Object.assign(mqtt, {
      enabled: form.mqtt_enabled,
      hostname: cut(form.mqtt_hostname, 128),
      // Held as a 32-bit number: without validation, 70000 is stored as it is.
      port: form.mqtt_port,
      clientid: cut(form.mqtt_clientid, 64),
      username: cut(form.mqtt_username, 64),
      password: cut(form.mqtt_password, 64),
      topic: cut(form.mqtt_topic, 32),
      retain: form.mqtt_retain,
      publish_interval: form.mqtt_publish_interval,
      clean_session: form.mqtt_clean_session,
    });
    Object.assign(mqtt.lwt, {
      topic: cut(form.mqtt_lwt_topic, 32),
      value_online: cut(form.mqtt_lwt_online, 20),
      value_offline: cut(form.mqtt_lwt_offline, 20),
      qos: form.mqtt_lwt_qos,
    });
    Object.assign(mqtt.tls, {
      enabled: form.mqtt_tls,
      root_ca_cert: cut(form.mqtt_root_ca_cert, 2560),
      certlogin: form.mqtt_tls_cert_login,
      client_cert: cut(form.mqtt_client_cert, 2560),
      client_key: cut(form.mqtt_client_key, 2560),
    });
    Object.assign(mqtt.hass, {
      enabled: form.mqtt_hass_enabled,
      expire: form.mqtt_hass_expire,
      retain: form.mqtt_hass_retain,
      topic: cut(form.mqtt_hass_topic, 32),
      individual_panels: form.mqtt_hass_individualpanels,
    });
    return persist(device, 'mqtt', SETTINGS_SAVED);
  });
};
