import type { DeviceConfig } from '@opendtu/api';
import { useState } from 'react';
import { RangeField, SwitchField } from '../../../components/form/controls';
import type { ConfigForm } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatPercent } from '../../../lib/format';

/** One brightness slider per LED; with equal brightness on, they all move together (spec §4). */
export function LedSettings({ form, switchId }: { form: ConfigForm<DeviceConfig>; switchId: string }) {
  const { t, locale } = useI18n();
  const [equal, setEqual] = useState(false);
  const leds = form.values!.led;
  const setAll = (brightness: number) =>
    form.set(
      'led',
      leds.map(() => ({ brightness })),
    );
  return (
    <>
      <SwitchField
        id={switchId}
        label={t('deviceadmin.EqualBrightness')}
        hint={t('deviceadmin.EqualBrightnessHint')}
        value={equal}
        onChange={(on) => {
          setEqual(on);
          if (on && leds[0]) setAll(leds[0].brightness);
        }}
      />
      {leds.map((_led, index) => {
        const binding = form.number(`led.${index}.brightness`);
        return (
          <RangeField
            key={index}
            {...binding}
            onChange={equal ? setAll : binding.onChange}
            label={t('deviceadmin.LedLevel', { led: index })}
            min={0}
            max={100}
            format={(value) => formatPercent(locale, value)}
          />
        );
      })}
    </>
  );
}
