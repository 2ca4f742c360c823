/** How often and how the device publishes, and its Home Assistant discovery: in status and config alike. */
export interface MqttPublishing {
  /** Seconds. */
  mqtt_publish_interval: number;
  mqtt_clean_session: boolean;
  mqtt_hass_enabled: boolean;
  mqtt_hass_expire: boolean;
  mqtt_hass_retain: boolean;
  mqtt_hass_topic: string;
  mqtt_hass_individualpanels: boolean;
}

/** GET /api/mqtt/status (contract §3.9). Secrets are not included. */
export interface MqttStatus extends MqttPublishing {
  mqtt_enabled: boolean;
  mqtt_hostname: string;
  mqtt_port: number;
  /** The effective client id: the configured one, or the AP name when that is empty. */
  mqtt_clientid: string;
  mqtt_username: string;
  mqtt_topic: string;
  mqtt_connected: boolean;
  mqtt_retain: boolean;
  mqtt_tls: boolean;
  /** Multi-line certificate summary; "" when the PEM does not parse. */
  mqtt_root_ca_cert_info: string;
  mqtt_tls_cert_login: boolean;
  mqtt_client_cert_info: string;
  /** Full topic: base topic + LWT topic (unlike the config, where it is relative). */
  mqtt_lwt_topic: string;
}

/** GET/POST /api/mqtt/config (contract §3.10, §3.11). Secrets are sent in clear. */
export interface MqttConfig extends MqttPublishing {
  mqtt_enabled: boolean;
  mqtt_hostname: string;
  mqtt_port: number;
  /** The stored value; "" means "use the AP name". */
  mqtt_clientid: string;
  mqtt_username: string;
  mqtt_password: string;
  mqtt_topic: string;
  mqtt_retain: boolean;
  mqtt_tls: boolean;
  /** PEM text. */
  mqtt_root_ca_cert: string;
  mqtt_tls_cert_login: boolean;
  mqtt_client_cert: string;
  mqtt_client_key: string;
  /** Relative to the base topic, e.g. "dtu/status". */
  mqtt_lwt_topic: string;
  mqtt_lwt_online: string;
  mqtt_lwt_offline: string;
  /** 0 at most once, 1 at least once, 2 exactly once. */
  mqtt_lwt_qos: number;
}
