import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes, formatPercent } from '../../lib/format';
import { heapDetails } from '../../lib/memory';
import { InfoCard, InfoRow } from './info-card';

export function HeapDetails({ status }: { status: SystemStatus }) {
  const { t, locale } = useI18n();
  const heap = heapDetails(status);
  const bytes = (value: number) => formatBytes(locale, value, 'kilobyte', 1);
  return (
    <InfoCard title={t('heapdetails.HeapDetails')}>
      <InfoRow label={t('heapdetails.TotalFree')}>{bytes(heap.totalFree)}</InfoRow>
      <InfoRow label={t('heapdetails.LargestFreeBlock')}>{bytes(heap.largestFreeBlock)}</InfoRow>
      <InfoRow label={t('heapdetails.MaxUsage')}>{bytes(heap.maxUsage)}</InfoRow>
      <InfoRow label={t('heapdetails.Fragmentation')}>{formatPercent(locale, heap.fragmentation, 1)}</InfoRow>
    </InfoCard>
  );
}
