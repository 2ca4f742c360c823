import { useCallback } from 'react';
import { getMqttStatus } from '../../api/mqtt';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { InfoCard, InfoRow, StateBadge } from './info-card';

/** The MQTT settings in force, the certificates' summaries and the connection (contract §3.9). */
export function MqttInfoPage() {
  const { t } = useI18n();
  const load = useCallback((signal: AbortSignal) => getMqttStatus({ signal }), []);
  const { data: status, isLoading, reload } = useApiData(load);
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
    <PageFrame title={t('mqttinfo.MqttInformation')} isLoading={isLoading && !status} onReload={reload}>
      {status && (
        <>
          <InfoCard title={t('mqttinfo.RuntimeSummary')}>
            <InfoRow label={t('mqttinfo.ConnectionStatus')}>
              <StateBadge
                on={status.mqtt_connected}
                onText={t('mqttinfo.Connected')}
                offText={t('mqttinfo.Disconnected')}
              />
            </InfoRow>
          </InfoCard>
          <InfoCard title={t('mqttinfo.ConfigurationSummary')}>
            <InfoRow label={t('mqttinfo.Status')}>{setting(status.mqtt_enabled)}</InfoRow>
            <InfoRow label={t('mqttinfo.Server')}>{status.mqtt_hostname}</InfoRow>
            <InfoRow label={t('mqttinfo.Port')}>{status.mqtt_port}</InfoRow>
            <InfoRow label={t('mqttinfo.ClientId')}>{status.mqtt_clientid}</InfoRow>
            <InfoRow label={t('mqttinfo.Username')}>{status.mqtt_username}</InfoRow>
            <InfoRow label={t('mqttinfo.BaseTopic')}>{status.mqtt_topic}</InfoRow>
            <InfoRow label={t('mqttinfo.LwtTopic')}>{status.mqtt_lwt_topic}</InfoRow>
            <InfoRow label={t('mqttinfo.PublishInterval')}>
              {t('mqttinfo.Seconds', { sec: status.mqtt_publish_interval })}
            </InfoRow>
            <InfoRow label={t('mqttinfo.CleanSession')}>{setting(status.mqtt_clean_session)}</InfoRow>
            <InfoRow label={t('mqttinfo.Retain')}>{setting(status.mqtt_retain)}</InfoRow>
            <InfoRow label={t('mqttinfo.Tls')}>{setting(status.mqtt_tls)}</InfoRow>
            {status.mqtt_tls && (
              <>
                <InfoRow label={t('mqttinfo.RootCertifcateInfo')}>
                  {certificate(status.mqtt_root_ca_cert_info)}
                </InfoRow>
                <InfoRow label={t('mqttinfo.TlsCertLogin')}>{setting(status.mqtt_tls_cert_login)}</InfoRow>
                {status.mqtt_tls_cert_login && (
                  <InfoRow label={t('mqttinfo.ClientCertifcateInfo')}>
                    {certificate(status.mqtt_client_cert_info)}
                  </InfoRow>
                )}
              </>
            )}
          </InfoCard>
          <InfoCard title={t('mqttinfo.HassSummary')}>
            <InfoRow label={t('mqttinfo.Status')}>{setting(status.mqtt_hass_enabled)}</InfoRow>
            <InfoRow label={t('mqttinfo.BaseTopic')}>{status.mqtt_hass_topic}</InfoRow>
            <InfoRow label={t('mqttinfo.Retain')}>{setting(status.mqtt_hass_retain)}</InfoRow>
            <InfoRow label={t('mqttinfo.Expire')}>{setting(status.mqtt_hass_expire)}</InfoRow>
            <InfoRow label={t('mqttinfo.IndividualPanels')}>
              {setting(status.mqtt_hass_individualpanels)}
            </InfoRow>
          </InfoCard>
        </>
      )}
    </PageFrame>
  );
}
