import type { PlantDevice } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import { deviceHref } from './plant-api';
import { formatPower, formatSince, formatYieldDay, NO_VALUE } from './plant-format';
import { Section } from '../../components/card';

function DeviceCard({ device }: { device: PlantDevice }) {
  const { t, locale } = useI18n();
  // An offline device keeps its last values, greyed, and says in words that they are old.
  const value = device.online ? undefined : 'text-body-secondary';
  const facts = [
    ['plant.Firmware', device.firmware ?? NO_VALUE],
    ['plant.InverterCount', formatNumber(locale, device.inverters)],
    ['plant.PowerNow', formatPower(locale, device.totals?.power_w ?? null)],
    ['plant.YieldToday', formatYieldDay(locale, device.totals?.yield_day_wh ?? null)],
  ] as const;
  return (
    <li className="col" data-device={device.name}>
      <article className="card h-100">
        <div className="card-header d-flex flex-wrap align-items-center gap-2">
          <h3 className="h6 mb-0 me-auto text-break">
            <a className="link-body-emphasis" href={deviceHref(device.name)}>
              {device.name}
            </a>
          </h3>
          <span className={`badge text-wrap ${device.online ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {device.online
              ? t('plant.Online')
              : device.offline_since
                ? t('plant.OfflineSince', { time: formatSince(locale, device.offline_since) })
                : t('plant.Offline')}
          </span>
        </div>
        <div className="card-body">
          <dl className="mb-0">
            {facts.map(([key, text]) => (
              <div key={key} className="d-flex justify-content-between gap-2">
                <dt className="fw-normal">{t(key)}</dt>
                <dd className={`mb-1 text-end text-break ${value ?? ''}`}>{text}</dd>
              </div>
            ))}
          </dl>
          {!device.online && device.totals && (
            <p className="small text-body-secondary mb-0 mt-1">{t('plant.LastValues')}</p>
          )}
        </div>
      </article>
    </li>
  );
}

/** Every device the companion fronts: its state, firmware, inverters and share of the plant. */
export function PlantDevices({ devices }: { devices: PlantDevice[] }) {
  const { t } = useI18n();
  return (
    <Section title={t('plant.Devices')}>
      <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-3">
        {devices.map((device) => (
          <DeviceCard key={device.name} device={device} />
        ))}
      </ul>
    </Section>
  );
}
