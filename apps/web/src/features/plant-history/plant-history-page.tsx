import { useI18n } from '../../i18n/i18n-provider';
import { PlantDay } from './plant-day';
import { PlantEnergy } from './plant-energy';
import { localToday } from './plant-history-model';

/**
 * The plant's history (companion build, issue 33): a day's power of every device and
 * their sum, and the energy per day, month or year, stacked by device. Wherever a sum lacks
 * a device (it recorded nothing there, or its history did not answer) the page says so in
 * words beside it. The plant has no device clock, so days start from the browser's today.
 */
export function PlantHistoryPage({ today = localToday() }: { today?: string }) {
  const { t } = useI18n();
  return (
    <>
      <div className="d-flex align-items-center gap-3 border-bottom pb-2 mb-3">
        <h1 className="h2 mb-0 text-break">{t('plantHistory.History')}</h1>
      </div>
      <PlantDay today={today} />
      <PlantEnergy today={today} />
    </>
  );
}
