import type { AlertsAnswer } from '@opendtu/api';
import { useEffect } from 'react';
import { getAlerts, useLastOpenAlertCount } from '../../api/alerts';
import { useCompanion } from '../../api/history';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { AlertChannels } from './alert-channels';
import { AlertList } from './alert-list';
import { AlertRules } from './alert-rules';
import { Section } from '../../components/card';

/** Past alerts shown before "Show all". */
const FIRST_PAST = 10;

const load = (signal: AbortSignal): Promise<AlertsAnswer> => getAlerts(signal);

/**
 * The companion's alerts (companion build only, for the admin): the open and past ones
 * with what was sent to whom, the rules it judges by, and its channels with a test
 * message. Times are the device's, in its own zone.
 */
export function AlertsPage() {
  const { t } = useI18n();
  const companion = useCompanion();
  const { data, reload } = useApiData(load);
  // The navigation's minute poll: when it counts differently, this page reads again.
  const count = useLastOpenAlertCount();
  const stale = data !== undefined && count !== undefined && count !== data.open.length;
  useEffect(() => {
    if (stale) reload();
  }, [stale, reload]);
  const timezone = companion?.timezone ?? '';
  return (
    <PageFrame title={t('alerts.Alerts')} isLoading={!data || companion === undefined} onReload={reload}>
      {data && (
        <>
          {(
            [
              ['open', 'alerts.Open', 'alerts.NoOpen', undefined],
              ['past', 'alerts.Past', 'alerts.NoPast', FIRST_PAST],
            ] as const
          ).map(([list, title, empty, first]) => (
            <Section key={list} title={t(title)}>
              <AlertList
                alerts={data[list]}
                timezone={timezone}
                empty={t(empty)}
                label={t(title)}
                first={first}
              />
            </Section>
          ))}
          <AlertChannels channels={data.channels} />
          <AlertRules answer={data} timezone={timezone} onSaved={reload} />
        </>
      )}
    </PageFrame>
  );
}
