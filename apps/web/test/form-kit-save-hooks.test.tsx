import type { ApiResponse } from '@opendtu/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TextField } from '../src/components/form/controls';
import { ConfigFormBody } from '../src/components/form/form-layout';
import { useConfigForm } from '../src/components/form/use-config-form';
import { lengthBetween } from '../src/lib/validate';
import { inEnglish } from './support/page-setup';
import { renderWithTexts } from './support/render';

interface Secret {
  password: string;
}

const events: string[] = [];
let answer: ApiResponse;
let stored: Secret;
const load = async () => {
  events.push('load');
  return { ...stored };
};
const save = async (values: Secret) => {
  events.push(`save ${values.password}`);
  if (answer.type === 'success') stored = { ...values };
  return answer;
};
const onSaved = (values: Secret) => events.push(`saved ${values.password}`);

function SecretForm() {
  const form = useConfigForm<Secret>({ load, save, onSaved });
  if (!form.values) return null;
  return (
    <ConfigFormBody form={form} reloadLabel="Undo" saveLabel="Apply">
      <TextField {...form.text('password')} label="Password" />
    </ConfigFormBody>
  );
}

inEnglish();

beforeEach(() => {
  events.length = 0;
  stored = { password: 'old-password' };
  answer = { type: 'success', code: 1001, message: '', param: {} };
});

const renderForm = () => renderWithTexts(<SecretForm />);

describe('the form kit around a save', () => {
  it('runs onSaved after the device accepted, before reading the values back', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Settings saved.');
    await waitFor(() => expect(events).toEqual(['load', 'save new-password', 'saved new-password', 'load']));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('does not run onSaved when the device refused', async () => {
    answer = { type: 'warning', code: 10001, message: '', param: { max: 64 } };
    renderForm();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('The password needs 8 to 64 characters.');
    expect(events).toEqual(['load', 'save x']);
  });
});

describe('lengthBetween in bytes', () => {
  const t = (key: string) => key;
  it('counts UTF-8 bytes as the device stores them', () => {
    expect(lengthBetween(t, 'ä'.repeat(16), 1, 31)).toBeUndefined();
    expect(lengthBetween(t, 'ä'.repeat(16), 1, 31, true)).toBe('validation.LengthBetween');
    expect(lengthBetween(t, 'a'.repeat(31), 1, 31, true)).toBeUndefined();
  });
});
