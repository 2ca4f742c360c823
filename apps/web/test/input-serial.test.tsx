import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InputSerial } from '../src/components/input-serial';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { inEnglish } from './support/page-setup';

inEnglish();

function Form() {
  const [value, setValue] = useState('');
  return (
    <I18nProvider>
      <InputSerial id="serial" label="Serial number" value={value} onChange={setValue} />
    </I18nProvider>
  );
}

describe('InputSerial', () => {
  it('uppercases what is typed and describes the format and family below', () => {
    render(<Form />);
    const input = screen.getByLabelText('Serial number');
    fireEvent.change(input, { target: { value: 'a11hms123-1f8' } });
    expect(input).toHaveProperty('value', 'A11HMS123-1F8');
    const message = document.getElementById('serial-message');
    expect(message?.textContent).toBe(
      'E-Star HERF code, converted to serial number 2821235C8443. Inverter family: HERF-600/800-2T.',
    );

    fireEvent.change(input, { target: { value: 'A11HMS123-1F9' } });
    expect(message?.textContent).toMatch(/^E-Star HERF code with a wrong check code/);

    fireEvent.change(input, { target: { value: 'hello' } });
    expect(message?.textContent).toBe('Unknown format.');

    fireEvent.change(input, { target: { value: '' } });
    expect(message?.textContent).toBe('');
  });
});
