import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes, formatPercent } from '../../lib/format';
import { heapDetails } from '../../lib/memory';
import { InfoCard } from './info-card';

export function HeapDetails({ status }: { status: SystemStatus }) {
  const { t, locale } = useI18n();
  const heap = heapDetails(status);
  const kb = (value: number) => formatBytes(locale, value, 'kilobyte', 1);
  return (
    <InfoCard
      title={t('heapdetails.HeapDetails')}
      facts={[
        ['heapdetails.TotalFree', kb(heap.totalFree)],
        ['heapdetails.LargestFreeBlock', kb(heap.largestFreeBlock)],
        ['heapdetails.MaxUsage', kb(heap.maxUsage)],
        ['heapdetails.Fragmentation', formatPercent(locale, heap.fragmentation, 1)],
      ]}
    />
  );
}
