import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DropdownDivider, NavDropdown } from '../src/components/dropdown';
import { controlProps, Field } from '../src/components/field';
import { Modal } from '../src/components/modal';
import { Tabs } from '../src/components/tabs';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { inEnglish } from './support/page-setup';

inEnglish();

function Dialog() {
  const [open, setOpen] = useState(false);
  return (
    <I18nProvider>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} title="Question" onClose={() => setOpen(false)} footer={<button>Yes</button>}>
        <input aria-label="Field" />
      </Modal>
    </I18nProvider>
  );
}

describe('Modal', () => {
  it('takes focus, keeps Tab inside, closes on Escape and gives focus back', () => {
    render(<Dialog />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Question' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Field'));
    screen.getByRole('button', { name: 'Yes' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('NavDropdown', () => {
  it('opens from the keyboard, moves with arrows and closes on Escape', async () => {
    render(
      <ul>
        <NavDropdown label="Info">
          <li>
            <a href="/a">First</a>
          </li>
          <DropdownDivider />
          <li>
            <a href="/b">Second</a>
          </li>
        </NavDropdown>
      </ul>,
    );
    const toggle = screen.getByRole('button', { name: 'Info' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    screen.getByText('First').focus();
    fireEvent.keyDown(screen.getByText('First'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByText('Second'));
    fireEvent.keyDown(screen.getByText('Second'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByText('First'));
    fireEvent.keyDown(screen.getByText('First'), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('Field', () => {
  function Example({ error }: { error?: string }) {
    return (
      <Field id="name" label="Name" error={error} hint="Up to 31 characters">
        <input {...controlProps('name', error)} />
      </Field>
    );
  }

  it('labels the control and describes it with the hint', () => {
    render(<Example />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Up to 31 characters',
    );
  });

  it('shows the error instead of the hint and marks the control invalid', () => {
    render(<Example error="Name is required" />);
    const input = screen.getByLabelText('Name');
    expect(input.className).toContain('is-invalid');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Name is required');
    // Shown even when the control sits in an input group (Bootstrap hides it there otherwise).
    expect(message?.className).toBe('invalid-feedback d-block');
  });
});

describe('Tabs', () => {
  it('shows one panel, moves with arrow keys and keeps the others mounted', () => {
    render(
      <Tabs
        label="Sections"
        tabs={[
          { key: 'a', label: 'General', content: <input aria-label="Name" defaultValue="kept" /> },
          { key: 'b', label: 'Strings', content: <p>second panel</p> },
        ]}
      />,
    );
    const general = screen.getByRole('tab', { name: 'General' });
    expect(general.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('second panel').closest('[role=tabpanel]')?.hasAttribute('hidden')).toBe(true);
    general.focus();
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    const strings = screen.getByRole('tab', { name: 'Strings' });
    expect(strings.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(strings);
    expect(screen.getByText('second panel').closest('[role=tabpanel]')?.hasAttribute('hidden')).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Name', { selector: 'input' }).value).toBe('kept');
  });
});
