import { useCallback } from 'react';
import { getFileList } from '../../api/file';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { BackupCard } from './backup-card';
import { FileListCard } from './file-list-card';
import { ResetCard } from './reset-card';
import { RestoreCard } from './restore-card';

/** Config management (spec §2): backup, restore, the device's files, factory reset. */
export function ConfigPage() {
  const { t } = useI18n();
  const load = useCallback((signal: AbortSignal) => getFileList({ signal }), []);
  const { data: files, isLoading, reload } = useApiData(load);
  return (
    <PageFrame title={t('menu.ConfigManagement')} isLoading={isLoading && !files} onReload={reload}>
      <BackupCard />
      <RestoreCard />
      <FileListCard files={files} onChanged={reload} />
      <ResetCard />
    </PageFrame>
  );
}
