import type { ApiResponse } from '@opendtu/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NumberField, SwitchField, TextField } from '../src/components/form/controls';
import { ConfigFormBody } from '../src/components/form/form-layout';
import { useConfigForm, type FormErrors } from '../src/components/form/use-config-form';
import { useI18n } from '../src/i18n/i18n-provider';
import { isIpv4, lengthBetween, numberBetween } from '../src/lib/validate';
import { framesAsTimers, inEnglish } from './support/page-setup';
import { renderWithTexts } from './support/render';

interface Settings {
  hostname: string;
  port: number;
  enabled: boolean;
}

let stored: Settings;
const save = vi.fn(async (values: Settings): Promise<ApiResponse> => {
  stored = { ...values };
  return { type: 'success', code: 1001, message: 'Settings saved!', param: {} };
});
const load = vi.fn(async () => ({ ...stored }));

function SettingsForm() {
  const { t } = useI18n();
  const form = useConfigForm<Settings>({
    load,
    save,
    validate: (values): FormErrors<Settings> => ({
      hostname: lengthBetween(t, values.hostname, 1, 8),
      port: numberBetween(t, values.port, 1, 65535),
    }),
  });
  if (!form.values) return <p>loading</p>;
  return (
    <ConfigFormBody form={form}>
      <TextField {...form.text('hostname')} label="Host" />
      <NumberField {...form.number('port')} label="Port" />
      <SwitchField {...form.check('enabled')} label="Enabled" />
      <p>{form.dirty ? 'changed' : 'unchanged'}</p>
    </ConfigFormBody>
  );
}

inEnglish();

beforeEach(() => {
  stored = { hostname: 'dtu', port: 1883, enabled: false };
  save.mockClear();
  load.mockClear();
  framesAsTimers();
});

const renderForm = () => renderWithTexts(<SettingsForm />);

describe('the form kit', () => {
  it('shows the loaded values and marks a change as unsaved', async () => {
    renderForm();
    const host = await screen.findByLabelText<HTMLInputElement>('Host');
    expect(host.value).toBe('dtu');
    expect(screen.getByText('unchanged')).toBeTruthy();
    fireEvent.change(host, { target: { value: 'roof' } });
    expect(screen.getByText('changed')).toBeTruthy();
  });

  it('sends nothing while a rule fails and shows the message at the field', async () => {
    renderForm();
    const port = await screen.findByLabelText<HTMLInputElement>('Port');
    fireEvent.change(port, { target: { value: '70000' } });
    expect(screen.getByText('Enter a whole number from 1 to 65535.')).toBeTruthy();
    expect(port.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
  });

  it('saves, shows the answer by its code and reads the values back', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('Host'), { target: { value: 'roof' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(save).toHaveBeenCalledWith({ hostname: 'roof', port: 1883, enabled: true });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('unchanged')).toBeTruthy();
  });

  it('sends back every key the device gave, also those the screen does not show', async () => {
    // A device of a later firmware (v25.5.10 added syslog keys to the network settings).
    Object.assign(stored, { sysloghostname: 'logs.lan', syslogport: 5514, future: { kept: true } });
    renderForm();
    fireEvent.change(await screen.findByLabelText('Host'), { target: { value: 'roof' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(save).toHaveBeenCalledWith({
      hostname: 'roof',
      port: 1883,
      enabled: false,
      sysloghostname: 'logs.lan',
      syslogport: 5514,
      future: { kept: true },
    });
  });
});

describe('validation rules', () => {
  const t = (key: string) => key;
  it('counts characters, bounds numbers and knows an IPv4 address', () => {
    expect(lengthBetween(t, '', 1, 32)).toBe('validation.Required');
    expect(lengthBetween(t, 'ä'.repeat(32), 1, 32)).toBeUndefined();
    expect(lengthBetween(t, 'x'.repeat(33), 0, 32)).toBe('validation.LengthMax');
    expect(numberBetween(t, Number.NaN, 1, 5)).toBe('validation.Required');
    expect(numberBetween(t, 2.5, 1, 5)).toBe('validation.WholeNumberBetween');
    expect(numberBetween(t, 2.5, 1, 5, true)).toBeUndefined();
    expect(isIpv4('192.168.1.10')).toBe(true);
    expect(isIpv4('192.168.1.256')).toBe(false);
    expect(isIpv4('192.168.01.1')).toBe(false);
  });
});
