import type { SystemStatus } from '@opendtu/api';
import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { firmwareVersionUrl, type FirmwareVersion } from '../../lib/firmware-version';
import { InfoCard } from './info-card';
import type { VersionCheck } from './use-version-check';
import { VersionCheckBadge } from './version-check-badge';

interface FirmwareInfoProps {
  status: SystemStatus;
  version: FirmwareVersion;
  check: VersionCheck;
  checkAllowed: boolean;
  onCheckAllowed: (allow: boolean) => void;
}

/** Days and hh:mm:ss of the uptime. */
function uptimeParts(seconds: number): { days: number; time: string } {
  const two = (value: number) => String(value).padStart(2, '0');
  const rest = seconds % 86_400;
  return {
    days: Math.floor(seconds / 86_400),
    time: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`,
  };
}

export function FirmwareInfo({ status, version, check, checkAllowed, onCheckAllowed }: FirmwareInfoProps) {
  const { t, tc } = useI18n();
  const switchId = useId();
  const uptime = uptimeParts(status.uptime);
  return (
    <InfoCard
      title={t('firmwareinfo.FirmwareInformation')}
      facts={[
        ['networkadmin.Hostname', status.hostname],
        ['firmwareinfo.SdkVersion', status.sdkversion],
        ['firmwareinfo.ConfigVersion', status.config_version],
        [
          'firmwareinfo.FirmwareVersion',
          <a
            href={firmwareVersionUrl(version)}
            target="_blank"
            rel="noopener noreferrer"
            title={t('firmwareinfo.FirmwareVersionHint')}
          >
            {status.git_hash}
          </a>,
        ],
        status.git_branch !== undefined && ['firmwareinfo.FirmwareBranch', status.git_branch],
        [
          'firmwareinfo.FirmwareUpdate',
          <div className="d-flex flex-wrap align-items-center gap-3">
            <div className="form-check form-switch mb-0">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={switchId}
                checked={checkAllowed}
                onChange={(event) => onCheckAllowed(event.target.checked)}
              />
              <label className="form-check-label" htmlFor={switchId}>
                {t('firmwareinfo.FrmwareUpdateAllow')}
              </label>
            </div>
            <VersionCheckBadge check={check} />
          </div>,
        ],
        ['firmwareinfo.PioEnv', status.pioenv],
        ['firmwareinfo.ResetReason0', status.resetreason_0],
        ['firmwareinfo.ResetReason1', status.resetreason_1],
        ['firmwareinfo.ConfigSaveCount', status.cfgsavecount],
        ['firmwareinfo.Uptime', tc('firmwareinfo.UptimeValue', uptime.days, { time: uptime.time })],
      ]}
    />
  );
}
