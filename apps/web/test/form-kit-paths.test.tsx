import type { ApiResponse } from '@opendtu/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NumberField, SwitchField } from '../src/components/form/controls';
import { ConfigFormBody } from '../src/components/form/form-layout';
import { getAt, setAt } from '../src/components/form/paths';
import { useConfigForm, type FormErrors } from '../src/components/form/use-config-form';
import { Tabs } from '../src/components/tabs';
import { useI18n } from '../src/i18n/i18n-provider';
import { numberBetween } from '../src/lib/validate';
import { framesAsTimers, inEnglish } from './support/page-setup';
import { renderWithTexts } from './support/render';

interface Nested {
  name: string;
  display: { contrast: number; saver: boolean };
  led: { brightness: number }[];
}

let stored: Nested;
const save = vi.fn(async (values: Nested): Promise<ApiResponse> => {
  stored = structuredClone(values);
  return { type: 'success', code: 1001, message: 'Settings saved!', param: {} };
});
const load = vi.fn(async () => structuredClone(stored));

function NestedForm() {
  const { t } = useI18n();
  const form = useConfigForm<Nested>({
    load,
    save,
    validate: (values): FormErrors<Nested> => ({
      'display.contrast': numberBetween(t, values.display.contrast, 0, 100),
      'led.1.brightness': numberBetween(t, values.led[1]?.brightness ?? 0, 0, 100),
    }),
  });
  if (!form.values) return <p>loading</p>;
  return (
    <ConfigFormBody form={form}>
      <Tabs
        label="Parts"
        tabs={[
          {
            key: 'display',
            label: 'Display',
            content: (
              <>
                <NumberField {...form.number('display.contrast')} label="Contrast" />
                <SwitchField {...form.check('display.saver')} label="Saver" />
              </>
            ),
          },
          {
            key: 'leds',
            label: 'LEDs',
            content: (
              <>
                <NumberField {...form.number('led.1.brightness')} label="LED 1" />
                <button
                  type="button"
                  onClick={() => form.set('led', [{ brightness: 500 }, { brightness: 500 }])}
                >
                  all
                </button>
              </>
            ),
          },
        ]}
      />
      <p>{form.dirty ? 'changed' : 'unchanged'}</p>
    </ConfigFormBody>
  );
}

inEnglish();

beforeEach(() => {
  stored = {
    name: 'x',
    display: { contrast: 60, saver: false },
    led: [{ brightness: 10 }, { brightness: 20 }],
  };
  save.mockClear();
  load.mockClear();
  framesAsTimers();
});

const renderForm = () => renderWithTexts(<NestedForm />);

describe('dotted paths', () => {
  it('read and replace nested values without touching the original', () => {
    const source = { a: { b: 1 }, list: [{ v: 1 }, { v: 2 }], other: { c: 3 } };
    const changed = setAt(source, 'list.1.v', 5);
    expect(getAt(changed, 'list.1.v')).toBe(5);
    expect(Array.isArray(changed.list)).toBe(true);
    expect(source.list[1]?.v).toBe(2);
    expect(changed.other).toBe(source.other);
    expect(getAt(source, 'a.missing.deeper')).toBeUndefined();
  });
});

describe('the form kit with nested values', () => {
  it('binds fields inside objects and lists, and saves the whole nested value', async () => {
    renderForm();
    const contrast = await screen.findByLabelText<HTMLInputElement>('Contrast');
    expect(contrast.value).toBe('60');
    fireEvent.change(contrast, { target: { value: '35' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Saver' }));
    fireEvent.click(screen.getByRole('tab', { name: 'LEDs' }));
    fireEvent.change(screen.getByLabelText('LED 1'), { target: { value: '80' } });
    expect(screen.getByText('changed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(save).toHaveBeenCalledWith({
      name: 'x',
      display: { contrast: 35, saver: true },
      led: [{ brightness: 10 }, { brightness: 80 }],
    });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('shows a nested message when its list was replaced, and opens the tab of the first one on save', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('Contrast'), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('tab', { name: 'LEDs' }));
    fireEvent.click(screen.getByRole('button', { name: 'all' }));
    expect(
      screen.getByText('Enter a whole number from 0 to 100.', {
        selector: '[id$="led.1.brightness-message"]',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Contrast')));
    expect(screen.getByRole('tab', { name: 'Display' }).getAttribute('aria-selected')).toBe('true');
  });
});
