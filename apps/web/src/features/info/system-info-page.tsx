import { useCallback, useMemo } from 'react';
import { useFirmware } from '../../api/firmware';
import { readSystemStatus } from '../../api/system';
import { Alert } from '../../components/api-alert';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { parseFirmwareVersion } from '../../lib/firmware-version';
import { FirmwareInfo } from './firmware-info';
import { HardwareInfo } from './hardware-info';
import { HeapDetails } from './heap-details';
import { MemoryInfo } from './memory-info';
import { RadioInfo } from './radio-info';
import { TaskDetails } from './task-details';
import { useVersionCheck } from './use-version-check';
import { VersionPermissionCard } from './version-check-badge';
import { useVersionPermission } from './version-permission';

/** Everything the device reports about itself (spec §2 System info, contract §2.4). */
export function SystemInfoPage() {
  const { t } = useI18n();
  const load = useCallback((signal: AbortSignal) => readSystemStatus({ signal }), []);
  const { data: status, isLoading, reload } = useApiData(load);
  const [checkAllowed, setCheckAllowed] = useVersionPermission();
  const gitHash = status?.git_hash;
  const version = useMemo(
    () => (gitHash === undefined ? undefined : parseFirmwareVersion(gitHash)),
    [gitHash],
  );
  const check = useVersionCheck(version, checkAllowed === true);
  const firmware = useFirmware();
  return (
    <PageFrame title={t('systeminfo.SystemInfo')} isLoading={isLoading && !status} onReload={reload}>
      {checkAllowed === undefined && <VersionPermissionCard onAnswer={setCheckAllowed} />}
      {status && version && (
        <>
          {firmware && !firmware.known && (
            <Alert variant="warning">
              {t('firmwareinfo.UnknownFirmware', { version: status.git_hash, release: firmware.release })}
            </Alert>
          )}
          <FirmwareInfo
            status={status}
            version={version}
            check={check}
            checkAllowed={checkAllowed === true}
            onCheckAllowed={setCheckAllowed}
          />
          <HardwareInfo status={status} />
          <MemoryInfo status={status} />
          <HeapDetails status={status} />
          {status.task_details && <TaskDetails tasks={status.task_details} />}
          <RadioInfo status={status} />
        </>
      )}
    </PageFrame>
  );
}
