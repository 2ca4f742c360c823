import { getMqttStatus } from '../../api/mqtt';
import { useI18n } from '../../i18n/i18n-provider';
import { InfoCard, InfoPage, StateBadge } from './info-card';

const load = (signal: AbortSignal) => getMqttStatus({ signal });

/** The MQTT settings in force, the certificates' summaries and the connection (contract §3.9). */
export function MqttInfoPage() {
  const { t } = useI18n();
  const setting = (on: boolean) => (
    <StateBadge
      on={on}
      onText={t('mqttinfo.Enabled')}
      offText={t('mqttinfo.Disabled')}
      offVariant="secondary"
    />
  );
  const certificate = (info: string) =>
    info ? <pre className="small mb-0 cert-info">{info}</pre> : t('mqttinfo.NoCertificate');
  return (
    <InfoPage title={t('mqttinfo.MqttInformation')} load={load}>
      {(status) => {
        const tls = status.mqtt_tls;
        return (
          <>
            <InfoCard
              title={t('mqttinfo.RuntimeSummary')}
              facts={[
                [
                  'mqttinfo.ConnectionStatus',
                  <StateBadge
                    on={status.mqtt_connected}
                    onText={t('mqttinfo.Connected')}
                    offText={t('mqttinfo.Disconnected')}
                  />,
                ],
              ]}
            />
            <InfoCard
              title={t('ntpinfo.ConfigurationSummary')}
              facts={[
                ['menu.MQTT', setting(status.mqtt_enabled)],
                ['mqttadmin.MqttBrokerParameter', status.mqtt_hostname],
                ['mqttadmin.Port', status.mqtt_port],
                ['mqttadmin.ClientId', status.mqtt_clientid],
                ['mqttinfo.Username', status.mqtt_username],
                ['mqttadmin.BaseTopic', status.mqtt_topic],
                ['mqttinfo.LwtTopic', status.mqtt_lwt_topic],
                ['mqttinfo.PublishInterval', t('mqttinfo.Seconds', { sec: status.mqtt_publish_interval })],
                ['mqttadmin.CleanSession', setting(status.mqtt_clean_session)],
                ['mqttadmin.EnableRetain', setting(status.mqtt_retain)],
                ['mqttinfo.Tls', setting(tls)],
                tls && ['mqttinfo.RootCertifcateInfo', certificate(status.mqtt_root_ca_cert_info)],
                tls && ['mqttinfo.TlsCertLogin', setting(status.mqtt_tls_cert_login)],
                tls &&
                  status.mqtt_tls_cert_login && [
                    'mqttadmin.ClientCert',
                    certificate(status.mqtt_client_cert_info),
                  ],
              ]}
            />
            <InfoCard
              title={t('mqttadmin.EnableHass')}
              facts={[
                ['menu.MQTT', setting(status.mqtt_hass_enabled)],
                ['mqttadmin.BaseTopic', status.mqtt_hass_topic],
                ['mqttadmin.EnableRetain', setting(status.mqtt_hass_retain)],
                ['mqttinfo.Expire', setting(status.mqtt_hass_expire)],
                ['mqttinfo.IndividualPanels', setting(status.mqtt_hass_individualpanels)],
              ]}
            />
          </>
        );
      }}
    </InfoPage>
  );
}
