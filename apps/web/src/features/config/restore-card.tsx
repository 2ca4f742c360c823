import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../api/client';
import { uploadFile } from '../../api/file';
import { Alert } from '../../components/api-alert';
import {
  noAnswerText,
  UploadProgress,
  uploadErrorText,
  useWaitAfter,
  type UploadState,
} from '../../components/upload-progress';
import { useI18n } from '../../i18n/i18n-provider';
import { ROUTES } from '../../lib/route-paths';
import { diffConfig, keepNetworkSettings, NETWORK_SECTIONS } from './config-diff';
import { checkRestoreFile, RESTORE_TARGETS, type RestoreCheck, type RestoreTarget } from './restore-file';
import { RestorePreview } from './restore-preview';
import { useCurrentConfig } from './use-current-config';
import { Card } from '../../components/card';

const TARGET_KEYS: Record<RestoreTarget, string> = {
  'config.json': 'fileadmin.TargetConfig',
  'pin_mapping.json': 'fileadmin.TargetPinMapping',
  'pack.lang.json': 'fileadmin.TargetLanguage',
};

type Json = Record<string, unknown>;
/** Nothing picked yet, the picker emptied ('none'), or the file with its template check. */
type Chosen = { file: File; check: RestoreCheck } | 'none' | undefined;

/** Restore of a config, pin mapping or language pack; nothing is sent until the file fits. */
export function RestoreCard() {
  const { t, tm } = useI18n();
  const id = useId();
  const [target, setTarget] = useState<RestoreTarget>('config.json');
  const [chosen, setChosen] = useState<Chosen>();
  const [inputKey, setInputKey] = useState(0);
  const [keepNetwork, setKeepNetwork] = useState(true);
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  useWaitAfter(upload.phase === 'success', ROUTES.wait);

  const check = typeof chosen === 'object' ? chosen.check : undefined;
  const restored = check?.ok && target === 'config.json' ? (firstOf(check.value) as Json) : undefined;
  const current = useCurrentConfig(restored !== undefined);
  const networkDiffers =
    !!restored &&
    !!current &&
    NETWORK_SECTIONS.some((s) => JSON.stringify(restored[s]) !== JSON.stringify(current[s]));
  const keep = networkDiffers && keepNetwork;
  const toSend = useMemo(
    () => (restored && current && keep ? keepNetworkSettings(restored, current) : restored),
    [restored, current, keep],
  );
  const changes = useMemo(
    () => (toSend && current ? diffConfig(current, toSend) : current === null ? null : undefined),
    [toSend, current],
  );

  const clear = () => {
    setChosen(undefined);
    setInputKey((key) => key + 1);
    setUpload({ phase: 'idle' });
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setUpload({ phase: 'idle' });
    if (!file) return setChosen('none');
    void file.text().then(
      (text) => setChosen({ file, check: checkRestoreFile(target, text) }),
      () => setChosen({ file, check: { ok: false, error: 'InvalidJson' } }),
    );
  };

  const changeTarget = (next: RestoreTarget) => {
    setTarget(next);
    clear();
  };

  const restore = () => {
    if (typeof chosen !== 'object' || !chosen.check.ok) return;
    const file = chosen.file;
    const body = toSend && keep ? new Blob([JSON.stringify(toSend)], { type: 'application/json' }) : file;
    const label = t('fileadmin.Uploading');
    setUpload({ phase: 'busy', percent: 0, label });
    uploadFile(target, body, (percent) => setUpload({ phase: 'busy', percent, label })).then(
      (result) =>
        setUpload(
          result.status === 200
            ? { phase: 'success' }
            : { phase: 'error', message: uploadErrorText(t, result) },
        ),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return;
        setUpload({ phase: 'error', message: noAnswerText(t) });
      },
    );
  };

  const problem =
    chosen === 'none'
      ? t('fileadmin.NoFileSelected')
      : check && !check.ok
        ? t(check.error === 'InvalidJson' ? 'fileadmin.InvalidJson' : 'fileadmin.InvalidJsonContent')
        : undefined;
  const busy = upload.phase === 'busy' || upload.phase === 'success';

  return (
    <Card title={t('fileadmin.RestoreHeader')}>
      <p>{tm('fileadmin.RestoreHint')}</p>
      <div className="row g-3 mb-3">
        <div className="col-md-4">
          <label htmlFor={`${id}-target`} className="form-label">
            {t('fileadmin.RestoreTarget')}
          </label>
          <select
            id={`${id}-target`}
            className="form-select"
            value={target}
            disabled={busy}
            onChange={(event) => changeTarget(event.target.value as RestoreTarget)}
          >
            {RESTORE_TARGETS.map((name) => (
              <option key={name} value={name}>
                {t(TARGET_KEYS[name])}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-8">
          <label htmlFor={`${id}-file`} className="form-label">
            {t('fileadmin.ChooseFile')}
          </label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept=".json,application/json"
            className={`form-control${problem ? ' is-invalid' : ''}`}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            disabled={busy}
            onChange={pick}
          />
        </div>
      </div>
      {problem && (
        <Alert variant="warning">
          <span id={`${id}-problem`}>{problem}</span>
        </Alert>
      )}
      {restored && changes !== undefined && (
        <RestorePreview
          changes={changes}
          networkDiffers={networkDiffers}
          keepNetwork={keepNetwork}
          onKeepNetwork={setKeepNetwork}
        />
      )}
      {upload.phase === 'busy' && <UploadProgress percent={upload.percent} label={upload.label} />}
      {upload.phase === 'success' && <Alert variant="success">{t('fileadmin.UploadSuccess')}</Alert>}
      {upload.phase === 'error' && (
        <Alert variant="danger">
          <p>{upload.message}</p>
          <button type="button" className="btn btn-secondary" onClick={clear}>
            {t('fileadmin.Back')}
          </button>
        </Alert>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={!check?.ok || busy || (restored !== undefined && current === undefined)}
        onClick={restore}
      >
        {t('fileadmin.Restore')}
      </button>
    </Card>
  );
}

const firstOf = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
