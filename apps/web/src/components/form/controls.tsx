import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlProps, Field } from '../field';

// The form kit's controls: each is a `Field` (label, one live message line) around one
// input, bound to a value with `form.text(name)`, `form.number(name)` or
// `form.check(name)` from useConfigForm, or to any state with id/value/onChange.

interface ControlProps<V> {
  id: string;
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'>;

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  ...input
}: ControlProps<string> & NativeInput & { type?: 'text' | 'password' | 'email' | 'url' }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        {...controlProps(id, error)}
        {...input}
        type={type}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  rows = 4,
  maxLength,
}: ControlProps<string> & { rows?: number; maxLength?: number }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea
        {...controlProps(id, error)}
        rows={rows}
        maxLength={maxLength}
        spellCheck={false}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A number input; an empty or partial entry is NaN, which the form's rules refuse. */
export function NumberField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  unit,
  ...input
}: ControlProps<number> & NativeInput & { unit?: ReactNode }) {
  const control = (
    <input
      {...controlProps(id, error)}
      {...input}
      type="number"
      inputMode={input.step !== undefined && Number(input.step) % 1 !== 0 ? 'decimal' : 'numeric'}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onChange(event.target.valueAsNumber)}
    />
  );
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {unit ? (
        <div className={`input-group${error ? ' has-validation' : ''}`}>
          {control}
          <span className="input-group-text">{unit}</span>
        </div>
      ) : (
        control
      )}
    </Field>
  );
}

/** An on/off setting as a Bootstrap switch; the hint explains what it does. */
export function SwitchField({
  id,
  label,
  value,
  onChange,
  hint,
  disabled,
}: Omit<ControlProps<boolean>, 'error'> & { disabled?: boolean }) {
  return (
    <div className="form-check form-switch mb-3">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={!!value}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className="form-text mt-0">
          {hint}
        </div>
      )}
    </div>
  );
}

export interface SelectOption<V> {
  value: V;
  label: string;
}

/** A choice from a fixed list; values may be numbers or strings. */
export function SelectField<V extends string | number>({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  options,
}: ControlProps<V> & { options: readonly SelectOption<V>[] }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select
        {...controlProps(id, error, 'form-select')}
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A slider with its current value shown (and announced) beside the label. */
export function RangeField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  step = 1,
  format = String,
}: ControlProps<number> & { min: number; max: number; step?: number; format?: (value: number) => string }) {
  const shown = format(value);
  return (
    <Field
      id={id}
      label={
        <>
          {label}: <output htmlFor={id}>{shown}</output>
        </>
      }
      error={error}
      hint={hint}
    >
      <input
        {...controlProps(id, error, 'form-range')}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
    </Field>
  );
}
