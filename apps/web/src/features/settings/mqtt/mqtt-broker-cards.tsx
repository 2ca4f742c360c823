import type { MqttConfig } from '@opendtu/api';
import { NumberField, SwitchField, TextAreaField, TextField } from '../../../components/form/controls';
import { FormCard } from '../../../components/form/form-layout';
import type { ConfigForm } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';
import { CERT_MAX, PUBLISH_INTERVAL_MAX } from './mqtt-rules';

type Form = ConfigForm<MqttConfig>;

const plain = { autoComplete: 'off', spellCheck: false } as const;

/** Where and how the device connects to the broker, and what it publishes. */
export function MqttBrokerCard({ form }: { form: Form }) {
  const { t } = useI18n();
  return (
    <FormCard title={t('mqttadmin.MqttBrokerParameter')}>
      <TextField {...form.text('mqtt_hostname')} {...plain} label={t('mqttadmin.Hostname')} maxLength={128} />
      <NumberField {...form.number('mqtt_port')} label={t('mqttadmin.Port')} min={1} max={65535} />
      <TextField
        {...form.text('mqtt_clientid')}
        {...plain}
        label={t('mqttadmin.ClientId')}
        hint={t('mqttadmin.ClientIdHint')}
        maxLength={64}
      />
      <TextField
        {...form.text('mqtt_username')}
        {...plain}
        label={t('mqttadmin.Username')}
        hint={t('mqttadmin.UsernameHint')}
        maxLength={64}
      />
      <TextField
        {...form.text('mqtt_password')}
        type="password"
        autoComplete="new-password"
        label={t('mqttadmin.Password')}
        hint={t('mqttadmin.UsernameHint')}
        maxLength={64}
      />
      <TextField
        {...form.text('mqtt_topic')}
        {...plain}
        label={t('mqttadmin.BaseTopic')}
        hint={t('mqttadmin.BaseTopicHint')}
        maxLength={32}
      />
      <NumberField
        {...form.number('mqtt_publish_interval')}
        label={t('mqttadmin.PublishInterval')}
        min={5}
        max={PUBLISH_INTERVAL_MAX}
        unit={t('mqttadmin.Seconds')}
      />
      <SwitchField {...form.check('mqtt_clean_session')} label={t('mqttadmin.CleanSession')} />
      <SwitchField {...form.check('mqtt_retain')} label={t('mqttadmin.EnableRetain')} />
    </FormCard>
  );
}

/** Encryption, and logging in with a client certificate instead of a password. */
export function MqttTlsCard({ form }: { form: Form }) {
  const { t } = useI18n();
  const values = form.values;
  if (!values) return null;
  return (
    <FormCard title={t('mqttadmin.TlsParameters')}>
      <SwitchField {...form.check('mqtt_tls')} label={t('mqttadmin.EnableTls')} />
      {values.mqtt_tls && (
        <>
          <TextAreaField
            {...form.text('mqtt_root_ca_cert')}
            label={t('mqttadmin.RootCa')}
            hint={t('mqttadmin.PemHint', { max: CERT_MAX })}
            maxLength={CERT_MAX}
          />
          <SwitchField {...form.check('mqtt_tls_cert_login')} label={t('mqttadmin.TlsCertLoginEnable')} />
          {values.mqtt_tls_cert_login && (
            <>
              <TextAreaField
                {...form.text('mqtt_client_cert')}
                label={t('mqttadmin.ClientCert')}
                hint={t('mqttadmin.PemHint', { max: CERT_MAX })}
                maxLength={CERT_MAX}
              />
              <TextAreaField
                {...form.text('mqtt_client_key')}
                label={t('mqttadmin.ClientKey')}
                hint={t('mqttadmin.PemHint', { max: CERT_MAX })}
                maxLength={CERT_MAX}
              />
            </>
          )}
        </>
      )}
    </FormCard>
  );
}
