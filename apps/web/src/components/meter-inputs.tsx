import { CONTROL_METER_KINDS, type ControlMeterKind } from '@opendtu/api';
import { useI18n } from '../i18n/i18n-provider';
import { KIND_KEY, pathWanted } from '../lib/meter-form';
import { SelectField, TextField } from './form/controls';

interface Binding {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * A grid meter's type, address and (where the type reads one) path: the same fields on the
 * zero-export settings and on the grid meter's own screen (companion build only).
 */
export function MeterInputs({
  kind,
  onKind,
  url,
  path,
}: {
  kind: Binding & { value: ControlMeterKind };
  onKind: (kind: ControlMeterKind) => void;
  url: Binding;
  path: Binding;
}) {
  const { t } = useI18n();
  const wanted = pathWanted(kind.value);
  return (
    <>
      <SelectField
        {...kind}
        onChange={onKind}
        label={t('control.MeterKind')}
        options={CONTROL_METER_KINDS.map((value) => ({ value, label: t(`control.Kind${KIND_KEY[value]}`) }))}
      />
      <TextField
        {...url}
        label={t('control.Address')}
        hint={t(`control.Address${KIND_KEY[kind.value]}`)}
        type="url"
        autoComplete="off"
        spellCheck={false}
      />
      {wanted && (
        <TextField
          {...path}
          label={t('control.Path')}
          hint={t(wanted === 'required' ? 'control.PathRequired' : `control.Path${KIND_KEY[kind.value]}`)}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </>
  );
}
