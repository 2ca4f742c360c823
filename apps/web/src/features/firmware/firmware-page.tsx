import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/api-alert';
import { PageFrame } from '../../components/page-frame';
import { UploadProgress, useWaitAfter } from '../../components/upload-progress';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes } from '../../lib/format';
import { ROUTES } from '../../lib/route-paths';
import { useFirmwareUpload } from './use-firmware-upload';
import { Card } from '../../components/card';

const IMAGE_NAME = /\.bin(\.gz)?$/i;

/**
 * Why a file cannot be a firmware image, before anything is sent: the name, then the
 * first bytes (an ESP32 image begins with 0xE9, a gzip-compressed one with 1F 8B).
 */
async function imageProblem(file: File): Promise<string | undefined> {
  if (!IMAGE_NAME.test(file.name)) return 'firmwareupgrade.WrongType';
  const [first, second] = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return first === 0xe9 || (first === 0x1f && second === 0x8b) ? undefined : 'firmwareupgrade.NotAnImage';
}

/** Firmware upgrade (spec §2): pick an image, upload it with its MD5, the device restarts. */
export function FirmwarePage() {
  const { t, locale } = useI18n();
  const id = useId();
  const [file, setFile] = useState<File>();
  const upload = useFirmwareUpload();
  const { state } = upload;
  // After a new image the web app itself may have changed: the wait page reloads it.
  useWaitAfter(state.phase === 'success', `${ROUTES.wait}?reload=1`);
  const [checked, setChecked] = useState<{ file: File; problem?: string }>();
  useEffect(() => {
    let current = true;
    // A file that cannot even be read goes on to the hashing, which says so as the spec has it.
    if (file)
      void imageProblem(file)
        .catch(() => undefined)
        .then((problem) => current && setChecked({ file, problem }));
    return () => {
      current = false;
    };
  }, [file]);
  const problem = checked?.file === file ? checked?.problem : undefined;
  const ready = file !== undefined && checked?.file === file && !problem;
  // The card with the focused button goes away with the outcome: focus its heading instead.
  const outcomeRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => outcomeRef.current?.focus(), [state.phase]);

  const back = () => {
    upload.reset();
    setFile(undefined);
  };

  return (
    <PageFrame title={t('firmwareupgrade.FirmwareUpgrade')}>
      {state.phase === 'error' && (
        <Card title={t('firmwareupgrade.OtaError')} tone="danger" headingRef={outcomeRef}>
          <Alert variant="danger">{state.message}</Alert>
          <p>{t('firmwareupgrade.ErrorHint')}</p>
          <button type="button" className="btn btn-secondary me-2" onClick={back}>
            {t('fileadmin.Back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={upload.retry}>
            {t('firmwareupgrade.Retry')}
          </button>
        </Card>
      )}
      {state.phase === 'success' && (
        <Card title={t('firmwareupgrade.OtaStatus')} tone="success" headingRef={outcomeRef}>
          <Alert variant="success">{t('firmwareupgrade.OtaSuccess')}</Alert>
        </Card>
      )}
      {(state.phase === 'idle' || state.phase === 'busy') && (
        <Card title={t('firmwareupgrade.FirmwareUpload')}>
          <p>{t('firmwareupgrade.Hint')}</p>
          <label htmlFor={`${id}-file`} className="form-label">
            {t('firmwareupgrade.ChooseFile')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".bin,.bin.gz"
            className={`form-control mb-3${problem ? ' is-invalid' : ''}`}
            aria-invalid={!!problem}
            disabled={state.phase === 'busy'}
            onChange={(event) => setFile(event.target.files?.[0])}
          />
          {problem && <Alert variant="warning">{t(problem)}</Alert>}
          {ready && state.phase === 'idle' && (
            <p className="text-body-secondary">
              {file.name}, {formatBytes(locale, file.size, 'kilobyte', 1)}
            </p>
          )}
          {state.phase === 'busy' && <UploadProgress percent={state.percent} label={state.label} />}
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || state.phase === 'busy'}
            onClick={() => file && upload.start(file)}
          >
            {t('firmwareupgrade.Upload')}
          </button>
        </Card>
      )}
    </PageFrame>
  );
}
