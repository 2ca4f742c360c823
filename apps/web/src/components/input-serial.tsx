import type { ChangeEvent } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { describeSerial } from '../lib/serial-hint';
import { controlProps, Field } from './field';

export interface InputSerialProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A rule's message; shown instead of the detected format. */
  error?: string | undefined;
  required?: boolean;
}

/**
 * A serial number field (spec §5): what is typed is uppercased, and the line below says
 * which format was recognised (Hoymiles, already converted, E-Star HERF with a valid or
 * wrong checksum, unknown) and which inverter family the serial belongs to.
 */
export function InputSerial({ id, label, value, onChange, error, required }: InputSerialProps) {
  const { t } = useI18n();
  const hint = describeSerial(value);

  // Uppercase in place and keep the caret where it was: React then finds the input
  // already holding the new value and does not move the caret to the end.
  function change(event: ChangeEvent<HTMLInputElement>): void {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    const upper = input.value.toUpperCase();
    if (upper !== input.value) {
      input.value = upper;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange(upper);
  }

  const message = hint.key && (
    <span className={`text-${hint.tone ?? 'body'}-emphasis`}>
      {t(hint.key, hint.params)}
      {hint.serial !== undefined && (
        <> {hint.family ? t('inputserial.Family', { family: hint.family }) : t('inputserial.NoFamily')}</>
      )}
    </span>
  );

  return (
    <Field id={id} label={label} error={error} hint={message}>
      <input
        {...controlProps(id, error)}
        type="text"
        value={value}
        onChange={change}
        required={required}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
      />
    </Field>
  );
}
