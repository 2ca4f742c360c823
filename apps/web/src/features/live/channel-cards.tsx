import { FIELD_ORDER, weakStrings, type LiveInverterFull, type ValueObject } from '@opendtu/api';
import { peakLabel, peakText } from '../../components/peak-text';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber, formatValue } from '../../lib/format';
import type { InverterPeaks } from '../../lib/peaks';

type Values = Record<string, ValueObject | { u: string } | undefined>;

/** General (INV), AC phase and DC string cards, values with the device's decimals, and peaks. */
export function ChannelCards({
  inverter,
  peaks,
  since,
}: {
  inverter: LiveInverterFull;
  peaks: InverterPeaks | undefined;
  since: number | undefined;
}) {
  const { t, locale } = useI18n();
  const weak = new Map(weakStrings(inverter.DC).map((string) => [string.channel, string.share]));
  const cards = [
    ...Object.entries(inverter.INV).map(([key, values]) => ({
      key: `INV${key}`,
      title: t('inverterchannelinfo.General'),
      values: values as Values,
      weak: undefined,
      peak: undefined,
    })),
    ...Object.entries(inverter.AC).map(([key, values]) => ({
      key: `AC${key}`,
      title: t('inverterchannelinfo.Phase', { num: Number(key) + 1 }),
      values: values as Values,
      weak: undefined,
      peak: peaks?.ac,
    })),
    ...Object.entries(inverter.DC).map(([key, values]) => ({
      key: `DC${key}`,
      title: values.name.u || t('inverterchannelinfo.String', { num: Number(key) + 1 }),
      values: values as Values,
      weak: weak.get(key),
      peak: peaks?.dc[key],
    })),
  ];
  return (
    <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">
      {cards.map((card) => (
        <div className="col" key={card.key}>
          <div
            className={`card h-100${card.weak !== undefined ? ' border-warning' : ''}`}
            data-channel={card.key}
          >
            <div className={`card-header${card.weak !== undefined ? ' text-bg-warning' : ''}`}>
              <h3 className="h6 mb-0">{card.title}</h3>
            </div>
            {card.weak !== undefined && (
              <p className="small mb-0 px-3 pt-2" data-string-health="weak">
                <strong>{t('home.StringWeak')}</strong>{' '}
                {t('home.StringWeakHint', { share: formatNumber(locale, card.weak * 100, 0) })}
              </p>
            )}
            <table className="table table-sm mb-0 card-body">
              <tbody>
                {FIELD_ORDER.map((field) => {
                  const value = card.values[field];
                  if (!value || !('v' in value)) return null;
                  const max = 'max' in value && typeof value.max === 'number' ? value.max : undefined;
                  return (
                    <tr key={field}>
                      <th scope="row" className="fw-normal ps-3">
                        {t(`inverterchannelproperty.${field}`)}
                      </th>
                      <td className="text-end pe-3" data-field={field}>
                        {formatValue(locale, value)}
                        {max !== undefined && (
                          <span className="text-body-secondary"> {t('home.OfMaxPower', { max })}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
                {card.peak && (
                  <tr>
                    <th scope="row" className="fw-normal ps-3">
                      {peakLabel(t, locale, since)}
                    </th>
                    <td className="text-end pe-3" data-peak="">
                      {peakText(locale, card.peak)}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}
