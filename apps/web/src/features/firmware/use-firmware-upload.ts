import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadFirmware } from '../../api/file';
import { waitForDevice } from '../../api/system';
import { noAnswerText, uploadErrorText, type UploadState } from '../../components/upload-progress';
import { useI18n } from '../../i18n/i18n-provider';
import { md5OfBlob } from '../../lib/md5';

export interface FirmwareUpload {
  state: UploadState;
  /** Hashes the image, waits until the device answers, and uploads it. */
  start: (file: File) => void;
  /** The same image again (after an OTA error). */
  retry: () => void;
  /** Back to the picker. */
  reset: () => void;
}

/**
 * The firmware upload (spec §4, §8): MD5 in 2 MB chunks, then the multipart upload with
 * progress. The device restarts after every upload, failed ones too, so each attempt
 * first waits until it answers again: a retry never hits a device that is still booting.
 */
export function useFirmwareUpload(): FirmwareUpload {
  const { t } = useI18n();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const last = useRef<{ file: File; md5: string }>(undefined);
  const controller = useRef<AbortController>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (file: File, known?: string) => {
      controller.current?.abort();
      const signal = (controller.current = new AbortController()).signal;
      const busy = (label: string, percent = 0) => setState({ phase: 'busy', label, percent });
      let md5 = known;
      if (md5 === undefined) {
        try {
          busy(t('firmwareupgrade.Hashing'));
          md5 = await md5OfBlob(
            file,
            (percent) => !signal.aborted && busy(t('firmwareupgrade.Hashing'), percent),
          );
        } catch (error) {
          // eslint-disable-next-line no-console -- the shown message sends the user to the browser console
          console.error('Firmware checksum failed', error);
          setState({ phase: 'error', message: t('firmwareupgrade.UnknownUploadError') });
          return;
        }
      }
      last.current = { file, md5 };
      try {
        busy(t('firmwareupgrade.WaitingForDevice'));
        await waitForDevice(signal);
        busy(t('fileadmin.Uploading'));
        const result = await uploadFirmware(
          md5,
          file,
          (percent) => busy(t('fileadmin.Uploading'), percent),
          signal,
        );
        if (signal.aborted) return;
        setState(
          result.status === 200
            ? { phase: 'success' }
            : { phase: 'error', message: uploadErrorText(t, result) },
        );
      } catch (error) {
        if (signal.aborted || (error instanceof ApiError && error.status === 401)) return;
        setState({ phase: 'error', message: noAnswerText(t) });
      }
    },
    [t],
  );

  return {
    state,
    start: (file) => void run(file),
    retry: () => {
      if (last.current) void run(last.current.file, last.current.md5);
    },
    reset: () => {
      controller.current?.abort();
      last.current = undefined;
      setState({ phase: 'idle' });
    },
  };
}
