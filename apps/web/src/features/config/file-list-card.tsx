import type { ApiResponse, FileEntry } from '@opendtu/api';
import { useState } from 'react';
import { deleteFile, getFile } from '../../api/file';
import { useCapabilities } from '../../api/firmware';
import { ApiAlert } from '../../components/api-alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { formatBytes } from '../../lib/format';
import { TableHead } from '../../components/table-head';
import { Card } from '../../components/card';

export interface FileListCardProps {
  files: readonly FileEntry[] | undefined;
  /** Loads the list again after a delete. */
  onChanged: () => void;
}

/** The device's files with their sizes, each to download or delete (spec §2). */
export function FileListCard({ files, onChanged }: FileListCardProps) {
  const { t, locale } = useI18n();
  const [toDelete, setToDelete] = useState<string>();
  const [answer, setAnswer] = useState<ApiResponse>();
  const [busy, setBusy] = useState(false);
  // Firmware before v24.11.7 deletes files only all at once (the factory reset).
  const singleDelete = useCapabilities()?.fileApi === 'file';

  const download = (name: string) => void getFile(name).then((blob) => saveBlob(blob, name));
  const remove = () => {
    if (!toDelete) return;
    setBusy(true);
    deleteFile({ file: toDelete })
      .then((response) => {
        // The answer says a restart is needed for the change to take effect (code 3003).
        setAnswer(response);
        onChanged();
      })
      .finally(() => {
        setBusy(false);
        setToDelete(undefined);
      })
      .catch(() => undefined);
  };

  return (
    <Card title={t('fileadmin.FileList')}>
      {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
      {files && files.length === 0 && <p className="mb-0">{t('fileadmin.NoFiles')}</p>}
      {files && files.length > 0 && (
        <div className="table-responsive">
          <table className="table table-hover align-middle mb-0">
            <TableHead
              columns={[
                [t('inverteradmin.InverterName')],
                [t('fileadmin.Size'), 'text-end'],
                [t('inverteradmin.Action'), 'text-end'],
              ]}
            />
            <tbody>
              {files.map((file) => (
                <tr key={file.name}>
                  <td>{file.name}</td>
                  <td className="text-end text-nowrap">
                    {file.size !== undefined &&
                      formatBytes(locale, file.size, file.size < 1024 ? 'byte' : 'kilobyte', 1)}
                  </td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary m-1"
                      onClick={() => download(file.name)}
                      aria-label={`${t('fileadmin.Download')}: ${file.name}`}
                    >
                      {t('fileadmin.Download')}
                    </button>
                    {singleDelete && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger m-1"
                        onClick={() => setToDelete(file.name)}
                        aria-label={`${t('inverteradmin.Delete')}: ${file.name}`}
                      >
                        {t('inverteradmin.Delete')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('fileadmin.DeleteHeader')}
        confirmLabel={t('inverteradmin.Delete')}
        onConfirm={remove}
        onCancel={() => setToDelete(undefined)}
        busy={busy}
      >
        <p>{t('fileadmin.DeleteMsg', { name: toDelete ?? '' })}</p>
        <p className="mb-0 small">{t('fileadmin.DeleteHint')}</p>
      </ConfirmDialog>
    </Card>
  );
}
