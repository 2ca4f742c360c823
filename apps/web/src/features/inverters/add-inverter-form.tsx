import type { ApiResponse, InverterAddRequest } from '@opendtu/api';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/form/controls';
import { InputSerial } from '../../components/input-serial';
import { useI18n } from '../../i18n/i18n-provider';
import { describeSerial } from '../../lib/serial-hint';
import { nameError, serialError } from './rules';

/**
 * Serial and name of a new inverter. Rules speak only after the first try to add, and
 * the fields keep what was typed until the device has taken it.
 */
export function AddInverterForm({
  onAdd,
  busy,
}: {
  onAdd: (request: InverterAddRequest) => Promise<ApiResponse | undefined>;
  busy: boolean;
}) {
  const { t, tm } = useI18n();
  const [serial, setSerial] = useState('');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const errors = { serial: serialError(t, serial), name: nameError(t, name) };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setTried(true);
    const sendable = describeSerial(serial).serial;
    if (errors.serial || errors.name || sendable === undefined) {
      const first = errors.serial ? 'add-inverter-serial' : 'add-inverter-name';
      event.currentTarget.querySelector<HTMLElement>(`#${first}`)?.focus();
      return;
    }
    const response = await onAdd({ serial: sendable, name });
    if (response?.type === 'success') {
      setSerial('');
      setName('');
      setTried(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="form-text mt-0">{tm('inverteradmin.AddHint')}</p>
      <div className="row gx-3">
        <div className="col-md-6">
          <InputSerial
            id="add-inverter-serial"
            label={t('inverteradmin.InverterSerial')}
            value={serial}
            onChange={setSerial}
            error={tried ? errors.serial : undefined}
            required
          />
        </div>
        <div className="col-md-6">
          <TextField
            id="add-inverter-name"
            label={t('inverteradmin.InverterName')}
            value={name}
            onChange={setName}
            error={tried ? errors.name : undefined}
            required
            autoComplete="off"
          />
        </div>
      </div>
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('inverteradmin.Add')}
        </button>
      </div>
    </form>
  );
}
