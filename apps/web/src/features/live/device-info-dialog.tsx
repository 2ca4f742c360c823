import { formatVersion, productionDate } from '@opendtu/api';
import { useCallback, type ReactNode } from 'react';
import { getDevInfo } from '../../api/inverter-info';
import { useApiData } from '../../api/use-api-data';
import { Alert } from '../../components/api-alert';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';

/** Model, versions and production date of the inverter (contract §9.5, spec §9). */
export function DeviceInfoDialog({ inverter, onClose }: { inverter: LiveInverter; onClose: () => void }) {
  const { t, tm } = useI18n();
  const load = useCallback(() => getDevInfo(inverter.serial), [inverter.serial]);
  const { data } = useApiData(load);
  const info = data && 'valid_data' in data ? data : undefined;
  const produced = productionDate(inverter.serial);
  const rows: [string, ReactNode][] = info
    ? [
        ['inverteradmin.InverterSerial', inverter.serial],
        ['devinfo.ProdYear', String(produced.year)],
        ['devinfo.ProdWeek', produced.week],
        ['devinfo.Model', info.hw_model_name || tm('devinfo.UnknownModel')],
        ['devinfo.DetectedMaxPower', `${info.max_power} W`],
        ['devinfo.BootloaderVersion', formatVersion(info.fw_bootloader_version)],
        ['firmwareinfo.FirmwareVersion', formatVersion(info.fw_build_version)],
        ['devinfo.FirmwareBuildDate', info.fw_build_datetime],
        ['devinfo.HardwarePartNumber', String(info.hw_part_number)],
        ['devinfo.HardwareVersion', String(info.hw_version)],
        // Reported from firmware v25.1.14 on; left out before.
        [
          'devinfo.SupportsPowerDistributionLogic',
          info.pdl_supported === undefined ? '' : t(info.pdl_supported ? 'base.Yes' : 'base.No'),
        ],
      ]
    : [];
  return (
    <Modal open title={`${t('home.InverterInfo')}: ${inverter.name}`} onClose={onClose}>
      {!data ? (
        <Spinner />
      ) : !info?.valid_data ? (
        <Alert variant="info">
          <strong>{t('devinfo.NoInfo')}</strong> {t('devinfo.NoInfoLong')}
        </Alert>
      ) : (
        <table className="table table-sm mb-0">
          <tbody>
            {rows.map(
              ([key, value]) =>
                value && (
                  <tr key={key}>
                    <th scope="row" className="fw-normal">
                      {t(key)}
                    </th>
                    <td>{value}</td>
                  </tr>
                ),
            )}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
