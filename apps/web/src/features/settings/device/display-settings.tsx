import { DiagramMode, type DeviceConfig } from '@opendtu/api';
import { NumberField, RangeField, SelectField, SwitchField } from '../../../components/form/controls';
import type { ConfigForm } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatPercent } from '../../../lib/format';
import { DIAGRAM_DURATION_MAX, DIAGRAM_DURATION_MIN } from './device-rules';

const DIAGRAM_MODES = [
  [DiagramMode.Off, 'off'],
  [DiagramMode.Small, 'small'],
  [DiagramMode.Fullscreen, 'fullscreen'],
] as const;
const ROTATIONS = ['rot0', 'rot90', 'rot180', 'rot270'] as const;
const DISPLAY_LOCALES = ['en', 'de', 'fr'];

/** The display's settings: power saving, screensaver, diagram, language, rotation, contrast. */
export function DisplaySettings({ form }: { form: ConfigForm<DeviceConfig> }) {
  const { t, locale } = useI18n();
  const stored = form.values!.display.locale;
  // A language the device holds but we do not list (a pack's) stays as it is.
  const locales = DISPLAY_LOCALES.includes(stored) ? DISPLAY_LOCALES : [...DISPLAY_LOCALES, stored];
  return (
    <>
      <SwitchField
        {...form.check('display.power_safe')}
        label={t('deviceadmin.PowerSafe')}
        hint={t('deviceadmin.PowerSafeHint')}
      />
      <SwitchField
        {...form.check('display.screensaver')}
        label={t('deviceadmin.Screensaver')}
        hint={t('deviceadmin.ScreensaverHint')}
      />
      <SelectField
        {...form.number('display.diagrammode')}
        label={t('deviceadmin.DiagramMode')}
        options={DIAGRAM_MODES.map(([value, key]) => ({ value, label: t(`deviceadmin.${key}`) }))}
      />
      <NumberField
        {...form.number('display.diagramduration')}
        label={t('deviceadmin.DiagramDuration')}
        hint={t('deviceadmin.DiagramDurationHint')}
        unit={t('mqttadmin.Seconds')}
        min={DIAGRAM_DURATION_MIN}
        max={DIAGRAM_DURATION_MAX}
        required
      />
      <SelectField
        {...form.text('display.locale')}
        label={t('deviceadmin.DisplayLanguage')}
        options={locales.map((code) => ({
          value: code,
          label: DISPLAY_LOCALES.includes(code) ? t(`deviceadmin.${code}`) : code,
        }))}
      />
      <SelectField
        {...form.number('display.rotation')}
        label={t('deviceadmin.Rotation')}
        options={ROTATIONS.map((key, value) => ({ value, label: t(`deviceadmin.${key}`) }))}
      />
      <RangeField
        {...form.number('display.contrast')}
        label={t('deviceadmin.ContrastLevel')}
        min={0}
        max={100}
        format={(value) => formatPercent(locale, value)}
      />
    </>
  );
}
