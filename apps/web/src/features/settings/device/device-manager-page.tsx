import type { DeviceConfig } from '@opendtu/api';
import { useCallback, useId, useRef, useState } from 'react';
import { getDeviceConfig, getPinMapping, postDeviceConfig } from '../../../api/device';
import { useApiData } from '../../../api/use-api-data';
import { ConfigFormBody } from '../../../components/form/form-layout';
import { useConfigForm } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useWaitAfter } from '../../../components/upload-progress';
import { Tabs } from '../../../components/tabs';
import { useI18n } from '../../../i18n/i18n-provider';
import { ROUTES } from '../../../lib/route-paths';
import { deviceErrors } from './device-rules';
import { DisplaySettings } from './display-settings';
import { LedSettings } from './led-settings';
import { DEFAULT_PROFILE, PinAssignment, type PinMappingState } from './pin-assignment';

// A broken pin_mapping.json is reported on the screen, not as the Error page (spec §5).
const loadMapping = (): Promise<PinMappingState> =>
  getPinMapping().then(
    (profiles) => ({ profiles: Array.isArray(profiles) ? profiles : [] }),
    (error: unknown) => ({ profiles: [], error: error instanceof Error ? error.message : String(error) }),
  );

/** Device manager (spec §2): pin mapping profile, display and LEDs in three tabs. */
export function DeviceManagerPage() {
  const { t } = useI18n();
  const ledSwitchId = useId();
  const mapping = useApiData(loadMapping);
  // The name the device holds: saving another one restarts it (contract §4.4).
  const storedName = useRef('');
  const [restarting, setRestarting] = useState(false);
  useWaitAfter(restarting, ROUTES.wait);

  const load = useCallback(async () => {
    const config = await getDeviceConfig();
    storedName.current = config.curPin.name;
    return config.curPin.name ? config : { ...config, curPin: { ...config.curPin, name: DEFAULT_PROFILE } };
  }, []);
  const save = useCallback(async (values: DeviceConfig) => {
    const answer = await postDeviceConfig(values);
    setRestarting(answer.type === 'success' && values.curPin.name !== storedName.current);
    return answer;
  }, []);
  const validate = useCallback((values: DeviceConfig) => deviceErrors(t, values), [t]);
  const form = useConfigForm<DeviceConfig>({ load, save, validate });
  const reload = form.reload;
  const reloadAll = useCallback(() => {
    mapping.reload();
    reload();
  }, [mapping, reload]);

  return (
    <PageFrame title={t('deviceadmin.DeviceManager')} isLoading={form.isLoading || !mapping.data}>
      {form.values && mapping.data && (
        <ConfigFormBody form={{ ...form, reload: reloadAll }} reloadLabel={t('base.Cancel')}>
          <Tabs
            label={t('deviceadmin.DeviceManager')}
            tabs={[
              {
                key: 'pins',
                label: t('deviceadmin.PinAssignment'),
                content: <PinAssignment form={form} mapping={mapping.data} />,
              },
              { key: 'display', label: t('deviceadmin.Display'), content: <DisplaySettings form={form} /> },
              {
                key: 'leds',
                label: t('deviceadmin.Leds'),
                content: <LedSettings form={form} switchId={ledSwitchId} />,
              },
            ]}
          />
        </ConfigFormBody>
      )}
    </PageFrame>
  );
}
