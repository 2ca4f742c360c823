import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadErrorText } from '../src/components/upload-progress';
import { FirmwarePage } from '../src/features/firmware/firmware-page';
import en from '../src/i18n/en.json';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { createTranslator } from '../src/i18n/runtime';
import { inEnglish } from './support/page-setup';

inEnglish();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('upload answers (spec §8)', () => {
  const { t } = createTranslator([en]);

  it('a 500 shows the text the device sent, any other failure the HTTP status text', () => {
    expect(uploadErrorText(t, { status: 500, statusText: 'Internal Server Error', text: 'FAIL' })).toBe(
      'FAIL',
    );
    expect(uploadErrorText(t, { status: 502, statusText: 'Bad Gateway', text: '<html>' })).toBe(
      '[HTTP ERROR] Bad Gateway',
    );
  });
});

/** A file whose bytes cannot be read (a removed USB stick, a revoked permission). */
class UnreadableFile extends File {
  override slice(): Blob {
    return { arrayBuffer: () => Promise.reject(new Error('read failed')) } as unknown as Blob;
  }
}

describe('FirmwarePage', () => {
  it('a file that cannot be hashed ends in the OTA error with the console hint, and no upload', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nProvider>
        <FirmwarePage />
      </I18nProvider>,
    );
    const input = await screen.findByLabelText('Firmware file (.bin or .bin.gz)');
    fireEvent.change(input, {
      target: { files: [new UnreadableFile([new Uint8Array(10)], 'firmware.bin')] },
    });
    const upload = screen.getByRole('button', { name: 'Upload and install' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);
    const heading = await screen.findByRole('heading', { name: 'OTA error' });
    // The picker that had focus is gone: keyboard users land on the outcome.
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('alert').textContent).toBe(
      'Unknown error while upload, check the console for details.',
    );
    expect(logged).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('firmware'), expect.anything());
  });

  it('offers only .bin and .bin.gz, and refuses another file type or a file without an image header before any upload', async () => {
    render(
      <I18nProvider>
        <FirmwarePage />
      </I18nProvider>,
    );
    const input = await screen.findByLabelText('Firmware file (.bin or .bin.gz)');
    expect(input.getAttribute('accept')).toBe('.bin,.bin.gz');
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.jpg')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a .bin or .bin.gz file.');
    const upload = screen.getByRole('button', { name: 'Upload and install' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    // A .bin whose first byte is not an ESP32 image's 0xE9 (nor gzip's 1F 8B) is refused too.
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x7f, 0x45])], 'firmware.bin')] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Not an ESP32 firmware image/);
    expect(upload.disabled).toBe(true);
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0xe9, 0x05])], 'firmware.bin')] },
    });
    await vi.waitFor(() => expect(upload.disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
