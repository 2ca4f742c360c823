import { useCallback } from 'react';
import { getGridProfile, getGridProfileRaw } from '../../api/inverter-info';
import { useApiData } from '../../api/use-api-data';
import { Alert } from '../../components/api-alert';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import type { LiveInverter } from '../../lib/live-merge';

/** The inverter's grid profile: its sections and items, and the raw bytes (contract §9.7-9.8). */
export function GridProfileDialog({ inverter, onClose }: { inverter: LiveInverter; onClose: () => void }) {
  const { t, tm, locale } = useI18n();
  const load = useCallback(
    () => Promise.all([getGridProfile(inverter.serial), getGridProfileRaw(inverter.serial)]),
    [inverter.serial],
  );
  const { data } = useApiData(load);
  const profile = data && 'sections' in data[0] ? data[0] : undefined;
  const raw = data && 'raw' in data[1] ? data[1].raw : [];
  const empty = raw.reduce((sum, byte) => sum + byte, 0) === 0;
  const hex = raw.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  return (
    <Modal open size="lg" title={`${t('home.GridProfile')}: ${inverter.name}`} onClose={onClose}>
      {!data ? (
        <Spinner />
      ) : empty || !profile ? (
        <Alert variant="info">
          <strong>{t('devinfo.NoInfo')}</strong> {t('devinfo.NoInfoLong')}
        </Alert>
      ) : (
        <>
          <p>
            {t('gridprofile.Name')}: <strong>{profile.name}</strong> · {t('gridprofile.Version')}:{' '}
            {profile.version}
          </p>
          {profile.sections.map((section) => (
            <table className="table table-sm" key={section.name}>
              <caption className="caption-top fw-semibold">{section.name}</caption>
              <tbody>
                {section.items.map((item) => (
                  <tr key={item.n}>
                    <th scope="row" className="fw-normal">
                      {item.n}
                    </th>
                    <td className="text-end">
                      {item.u === 'bool'
                        ? item.v
                          ? t('gridprofile.Enabled')
                          : t('gridprofile.Disabled')
                        : `${formatNumber(locale, item.v, Number.isInteger(item.v) ? 0 : 2)} ${item.u}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          <h3 className="h6">{t('gridprofile.RawBytes')}</h3>
          <pre className="small bg-body-tertiary p-2 text-wrap font-monospace">{hex}</pre>
          <p className="small text-body-secondary mb-0">{tm('gridprofile.GridprofileSupportLong')}</p>
        </>
      )}
    </Modal>
  );
}
