import { DiagramMode, type DeviceConfig } from '@opendtu/api';
import { NumberField, RangeField, SelectField, SwitchField } from '../../../components/form/controls';
import type { ConfigForm } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatPercent } from '../../../lib/format';
import { DIAGRAM_DURATION_MAX, DIAGRAM_DURATION_MIN } from './device-rules';

const DIAGRAM_MODES = [
  [DiagramMode.Off, 'deviceadmin.off'],
  [DiagramMode.Small, 'deviceadmin.small'],
  [DiagramMode.Fullscreen, 'deviceadmin.fullscreen'],
] as const;
const ROTATIONS = [
  'deviceadmin.rot0',
  'deviceadmin.rot90',
  'deviceadmin.rot180',
  'deviceadmin.rot270',
] as const;
/** The display's languages and their names (whole keys: the build writes them as indexes). */
const DISPLAY_LOCALES: Record<string, string> = {
  en: 'deviceadmin.en',
  de: 'deviceadmin.de',
  fr: 'deviceadmin.fr',
};

/** The display's settings: power saving, screensaver, diagram, language, rotation, contrast. */
export function DisplaySettings({ form }: { form: ConfigForm<DeviceConfig> }) {
  const { t, locale } = useI18n();
  const stored = form.values!.display.locale;
  // A language the device holds but we do not list (a pack's) stays as it is.
  const listed = Object.keys(DISPLAY_LOCALES);
  const locales = listed.includes(stored) ? listed : [...listed, stored];
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
        options={DIAGRAM_MODES.map(([value, key]) => ({ value, label: t(key) }))}
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
          label: DISPLAY_LOCALES[code] ? t(DISPLAY_LOCALES[code]) : code,
        }))}
      />
      <SelectField
        {...form.number('display.rotation')}
        label={t('deviceadmin.Rotation')}
        options={ROTATIONS.map((key, value) => ({ value, label: t(key) }))}
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
