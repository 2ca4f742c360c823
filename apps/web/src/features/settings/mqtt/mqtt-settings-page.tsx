import type { MqttConfig } from '@opendtu/api';
import { useCallback } from 'react';
import { getMqttConfig, postMqttConfig } from '../../../api/mqtt';
import { SwitchField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useI18n } from '../../../i18n/i18n-provider';
import { MqttBrokerCard, MqttTlsCard } from './mqtt-broker-cards';
import { MqttHassCard, MqttLwtCard } from './mqtt-extra-cards';
import { mqttErrors } from './mqtt-rules';

const load = () => getMqttConfig();

/**
 * MQTT settings (spec "Other settings", §4, §5; contract §3.10-3.11). The broker, TLS and
 * last-will sections show only while MQTT is on; Home Assistant also needs its switch.
 */
export function MqttSettingsPage() {
  const { t } = useI18n();
  const validate = useCallback((values: MqttConfig) => mqttErrors(t, values), [t]);
  const form = useConfigForm<MqttConfig>({ load, save: postMqttConfig, validate });
  const values = form.values;

  return (
    <PageFrame title={t('mqttadmin.MqttSettings')} isLoading={form.isLoading}>
      {values && (
        <ConfigFormBody form={form}>
          <FormCard title={t('menu.MQTT')}>
            <SwitchField {...form.check('mqtt_enabled')} label={t('mqttadmin.EnableMqtt')} />
            {values.mqtt_enabled && (
              <SwitchField {...form.check('mqtt_hass_enabled')} label={t('mqttadmin.EnableHass')} />
            )}
          </FormCard>
          {values.mqtt_enabled && (
            <>
              <MqttBrokerCard form={form} />
              <MqttTlsCard form={form} />
              <MqttLwtCard form={form} />
              {values.mqtt_hass_enabled && <MqttHassCard form={form} />}
            </>
          )}
        </ConfigFormBody>
      )}
    </PageFrame>
  );
}
