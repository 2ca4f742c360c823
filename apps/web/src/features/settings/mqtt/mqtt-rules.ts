import type { MqttConfig } from '@opendtu/api';
import type { FormErrors } from '../../../components/form/use-config-form';
import type { Translator } from '../../../i18n/runtime';
import { firstError, lengthBetween, noSpaces, numberBetween } from '../../../lib/validate';

/** The most characters of a certificate or key the device keeps (contract §3.11). */
export const CERT_MAX = 2560;
/**
 * The spec's upper bound (§5). The reference device itself refuses more than 65535 s; its
 * answer (code 7013 with its bounds) is shown like any refused save.
 */
export const PUBLISH_INTERVAL_MAX = 86400;

/**
 * The device's checks (contract §3.11, spec §5), in its order. Like the device, it checks
 * nothing while MQTT is off and the Home Assistant topic only while discovery is on;
 * certificates are checked where their fields are shown.
 */
export function mqttErrors(t: Translator['t'], values: MqttConfig): FormErrors<MqttConfig> {
  if (!values.mqtt_enabled) return {};
  const length = (value: string, min: number, max: number) => lengthBetween(t, value, min, max, true);
  const clientCert = values.mqtt_tls && values.mqtt_tls_cert_login;
  const topic = (value: string) => firstError(length(value, 0, 32), noSpaces(t, value));
  return {
    mqtt_hostname: length(values.mqtt_hostname, 1, 128),
    mqtt_clientid: length(values.mqtt_clientid, 0, 64),
    mqtt_username: length(values.mqtt_username, 0, 64),
    mqtt_password: length(values.mqtt_password, 0, 64),
    mqtt_topic: firstError(
      topic(values.mqtt_topic),
      values.mqtt_topic.endsWith('/') ? undefined : t('mqttadmin.TopicEndsWithSlash'),
    ),
    mqtt_port: numberBetween(t, values.mqtt_port, 1, 65535),
    mqtt_root_ca_cert: values.mqtt_tls ? length(values.mqtt_root_ca_cert, 0, CERT_MAX) : undefined,
    mqtt_client_cert: clientCert ? length(values.mqtt_client_cert, 0, CERT_MAX) : undefined,
    mqtt_client_key: clientCert ? length(values.mqtt_client_key, 0, CERT_MAX) : undefined,
    mqtt_lwt_topic: topic(values.mqtt_lwt_topic),
    mqtt_lwt_online: length(values.mqtt_lwt_online, 0, 20),
    mqtt_lwt_offline: length(values.mqtt_lwt_offline, 0, 20),
    mqtt_publish_interval: numberBetween(t, values.mqtt_publish_interval, 5, PUBLISH_INTERVAL_MAX),
    mqtt_hass_topic: values.mqtt_hass_enabled ? topic(values.mqtt_hass_topic) : undefined,
  };
}
