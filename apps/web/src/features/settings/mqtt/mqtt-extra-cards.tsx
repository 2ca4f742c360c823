import type { MqttConfig } from '@opendtu/api';
import { SelectField, SwitchField, TextField } from '../../../components/form/controls';
import { FormCard } from '../../../components/form/form-layout';
import type { ConfigForm } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';

type Form = ConfigForm<MqttConfig>;

const plain = { autoComplete: 'off', spellCheck: false } as const;

/** The last will: what the broker publishes for the device when it drops off. */
export function MqttLwtCard({ form }: { form: Form }) {
  const { t } = useI18n();
  const qos = [0, 1, 2].map((value) => ({ value, label: t(`mqttadmin.QOS${value}`) }));
  return (
    <FormCard title={t('mqttadmin.LwtParameters')}>
      <TextField
        {...form.text('mqtt_lwt_topic')}
        {...plain}
        label={t('mqttadmin.LwtTopic')}
        hint={t('mqttadmin.LwtTopicHint')}
        maxLength={32}
      />
      <TextField
        {...form.text('mqtt_lwt_online')}
        {...plain}
        label={t('mqttadmin.LwtOnline')}
        maxLength={20}
      />
      <TextField
        {...form.text('mqtt_lwt_offline')}
        {...plain}
        label={t('mqttadmin.LwtOffline')}
        maxLength={20}
      />
      <SelectField {...form.number('mqtt_lwt_qos')} label={t('mqttadmin.LwtQos')} options={qos} />
    </FormCard>
  );
}

/** Home Assistant's automatic discovery of the inverters. */
export function MqttHassCard({ form }: { form: Form }) {
  const { t } = useI18n();
  return (
    <FormCard title={t('mqttadmin.HassParameters')}>
      <TextField
        {...form.text('mqtt_hass_topic')}
        {...plain}
        label={t('mqttadmin.HassPrefixTopic')}
        hint={t('mqttadmin.HassPrefixTopicHint')}
        maxLength={32}
      />
      <SwitchField {...form.check('mqtt_hass_retain')} label={t('mqttadmin.HassRetain')} />
      <SwitchField {...form.check('mqtt_hass_expire')} label={t('mqttadmin.HassExpire')} />
      <SwitchField {...form.check('mqtt_hass_individualpanels')} label={t('mqttadmin.HassIndividual')} />
    </FormCard>
  );
}
