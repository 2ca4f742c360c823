import { useEffect } from 'react';
import { watchDeviceTime, useDeviceDay } from '../../api/device-time';
import { useCompanion } from '../../api/history';
import { MeterHint } from '../../components/energy-flow/meter-hint';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { DayHistory } from './day-history';
import { EnergyHistory } from './energy-history';

/**
 * The recorder's history (companion build only, served by the companion server): a day's
 * power curve with a day picker, and the energy per day, month or year. Days are the
 * device's, so it waits for the device's clock.
 */
export function HistoryPage() {
  const { t } = useI18n();
  const today = useDeviceDay();
  const companion = useCompanion();
  useEffect(() => watchDeviceTime(), []);
  return (
    <PageFrame title={t('history.History')} isLoading={!today || companion === undefined}>
      {today && companion && (
        <>
          <DayHistory today={today} />
          <EnergyHistory today={today} firstYear={(companion.recording_since ?? today).slice(0, 4)} />
          <MeterHint />
        </>
      )}
    </PageFrame>
  );
}
