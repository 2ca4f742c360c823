import type { DeviceConfig, PinMappingProfile } from '@opendtu/api';
import { Alert } from '../../../components/api-alert';
import { SelectField } from '../../../components/form/controls';
import type { ConfigForm } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';
import { PinTable } from './pin-table';

/** What the device posts for "no profile" (contract §4.4: "" is shown and sent as this). */
export const DEFAULT_PROFILE = 'Default';

export interface PinMappingState {
  profiles: PinMappingProfile[];
  /** Why pin_mapping.json could not be read; a missing file is no error. */
  error?: string;
}

/** The profile selector, the board's documentation links and the pin comparison. */
export function PinAssignment({
  form,
  mapping,
}: {
  form: ConfigForm<DeviceConfig>;
  mapping: PinMappingState;
}) {
  const { t, tm } = useI18n();
  const { curPin } = form.values!;
  const names = [DEFAULT_PROFILE, ...mapping.profiles.map((profile) => profile.name)];
  // A stored name the file no longer has stays choosable, so opening the form changes nothing.
  if (!names.includes(curPin.name)) names.push(curPin.name);
  const selected = mapping.profiles.find((profile) => profile.name === curPin.name);
  const { name: _name, ...active } = curPin;
  return (
    <>
      {mapping.error !== undefined && (
        <Alert variant="danger">{t('deviceadmin.ParseError', { error: mapping.error })}</Alert>
      )}
      <SelectField
        {...form.text('curPin.name')}
        label={t('deviceadmin.SelectedProfile')}
        options={names.map((name) => ({
          value: name,
          label: name === DEFAULT_PROFILE ? t('deviceadmin.DefaultProfile') : name,
        }))}
      />
      <Alert variant="warning">{tm('deviceadmin.ProfileHint')}</Alert>
      {selected?.links?.length ? (
        <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={t('deviceadmin.Documentation')}>
          {selected.links.map((link) => (
            <a
              key={link.url}
              className="btn btn-outline-primary btn-sm"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.name}
            </a>
          ))}
        </div>
      ) : null}
      <PinTable active={active} selected={selected} />
    </>
  );
}
