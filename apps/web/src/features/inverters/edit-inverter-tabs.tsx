import type { InverterChannelConfig, InverterListEntry } from '@opendtu/api';
import { NumberField, SwitchField, TextField } from '../../components/form/controls';
import { InputSerial } from '../../components/input-serial';
import { useI18n } from '../../i18n/i18n-provider';
import { MAX_POWER_LIMIT, STRING_NAME_MAX_LENGTH, type InverterErrors } from './rules';

export interface TabProps {
  values: InverterListEntry;
  errors: InverterErrors | undefined;
  set: <K extends keyof InverterListEntry>(key: K, value: InverterListEntry[K]) => void;
}

type Flag =
  | 'poll_enable'
  | 'poll_enable_night'
  | 'command_enable'
  | 'command_enable_night'
  | 'zero_runtime'
  | 'zero_day'
  | 'clear_eventlog'
  | 'yieldday_correction';

function Switch({ flag, label, hint, values, set }: TabProps & { flag: Flag; label: string; hint?: string }) {
  return (
    <SwitchField
      id={`edit-inverter-${flag}`}
      label={label}
      hint={hint}
      value={values[flag]}
      onChange={(value) => set(flag, value)}
    />
  );
}

export function GeneralTab(props: TabProps) {
  const { t } = useI18n();
  const { values, errors, set } = props;
  return (
    <>
      <InputSerial
        id="edit-inverter-serial"
        label={t('inverteradmin.InverterSerial')}
        value={values.serial}
        onChange={(value) => set('serial', value)}
        error={errors?.serial}
        required
      />
      <TextField
        id="edit-inverter-name"
        label={t('inverteradmin.InverterName')}
        hint={t('inverteradmin.InverterNameHint')}
        value={values.name}
        onChange={(value) => set('name', value)}
        error={errors?.name}
        required
        autoComplete="off"
      />
      <fieldset>
        <legend className="h6">{t('inverteradmin.InverterStatus')}</legend>
        <Switch {...props} flag="poll_enable" label={t('inverteradmin.PollEnable')} />
        <Switch {...props} flag="poll_enable_night" label={t('inverteradmin.PollEnableNight')} />
        <Switch {...props} flag="command_enable" label={t('inverteradmin.CommandEnable')} />
        <Switch {...props} flag="command_enable_night" label={t('inverteradmin.CommandEnableNight')} />
      </fieldset>
    </>
  );
}

export function StringTab({ values, errors, set }: TabProps) {
  const { t } = useI18n();
  const change = (index: number, patch: Partial<InverterChannelConfig>) =>
    set(
      'channel',
      values.channel.map((channel, k) => (k === index ? { ...channel, ...patch } : channel)),
    );
  if (values.channel.length === 0) return <p>{t('inverteradmin.NoStrings')}</p>;
  return (
    <>
      <ul className="form-text mt-0 ps-3">
        <li>{t('inverteradmin.StringNameHint')}</li>
        <li>{t('inverteradmin.StringMaxPowerHint')}</li>
        <li>{t('inverteradmin.StringYtOffsetHint')}</li>
      </ul>
      {values.channel.map((channel, index) => {
        const num = index + 1;
        const channelErrors = errors?.channel[index];
        return (
          <div key={index} className="row gx-3 border-top pt-3">
            <div className="col-md-4">
              <TextField
                id={`edit-inverter-string-${num}-name`}
                label={t('inverteradmin.StringName', { num })}
                value={channel.name}
                onChange={(name) => change(index, { name })}
                error={channelErrors?.name}
                maxLength={STRING_NAME_MAX_LENGTH}
                autoComplete="off"
              />
            </div>
            <div className="col-md-4">
              <NumberField
                id={`edit-inverter-string-${num}-max-power`}
                label={t('inverteradmin.StringMaxPower', { num })}
                value={channel.max_power}
                onChange={(max_power) => change(index, { max_power })}
                error={channelErrors?.max_power}
                min={0}
                max={MAX_POWER_LIMIT}
                step={1}
                unit="Wp"
              />
            </div>
            <div className="col-md-4">
              <NumberField
                id={`edit-inverter-string-${num}-offset`}
                label={t('inverteradmin.StringYtOffset', { num })}
                value={channel.yield_total_offset}
                onChange={(yield_total_offset) => change(index, { yield_total_offset })}
                error={channelErrors?.yield_total_offset}
                min={0}
                step="any"
                unit="kWh"
              />
            </div>
          </div>
        );
      })}
    </>
  );
}

export function AdvancedTab(props: TabProps) {
  const { t } = useI18n();
  const { values, errors, set } = props;
  return (
    <>
      <NumberField
        id="edit-inverter-reachable-threshold"
        label={t('inverteradmin.ReachableThreshold')}
        hint={t('inverteradmin.ReachableThresholdHint')}
        value={values.reachable_threshold}
        onChange={(value) => set('reachable_threshold', value)}
        error={errors?.reachable_threshold}
        min={1}
        max={100}
        step={1}
      />
      <Switch
        {...props}
        flag="zero_runtime"
        label={t('inverteradmin.ZeroRuntime')}
        hint={t('inverteradmin.ZeroRuntimeHint')}
      />
      <Switch
        {...props}
        flag="zero_day"
        label={t('inverteradmin.ZeroDay')}
        hint={t('inverteradmin.ZeroDayHint')}
      />
      <Switch {...props} flag="clear_eventlog" label={t('inverteradmin.ClearEventlog')} />
      <Switch
        {...props}
        flag="yieldday_correction"
        label={t('inverteradmin.YieldDayCorrection')}
        hint={t('inverteradmin.YieldDayCorrectionHint')}
      />
    </>
  );
}
