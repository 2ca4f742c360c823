import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes, formatPercent } from '../../lib/format';
import { usedPercent } from '../../lib/memory';
import { InfoSection } from './info-card';
import { TableHead } from '../../components/table-head';
import { Bar } from '../../components/bar';

interface MemoryRow {
  key: string;
  used: number;
  /** Absent when the firmware does not report it (PSRAM before v24.2.12). */
  total: number | undefined;
}

function UsageBar({ percent, label }: { percent: number; label: string }) {
  const { locale } = useI18n();
  const text = formatPercent(locale, percent);
  // Warning colours from 70 and 90 %: that full, allocations or file writes start to fail.
  const variant = percent >= 90 ? 'bg-danger' : percent >= 70 ? 'bg-warning' : 'bg-primary';
  return (
    <div className="d-flex align-items-center gap-2">
      <Bar
        label={label}
        percent={percent}
        bar={`progress-bar ${variant}`}
        text={text}
        className="progress flex-grow-1"
      />
      <span className="memory-percent">{text}</span>
    </div>
  );
}

/** Used and total of each kind of memory, with a bar of the used share. */
export function MemoryInfo({ status }: { status: SystemStatus }) {
  const { t, locale } = useI18n();
  const rows: MemoryRow[] = [
    { key: 'memoryinfo.Heap', used: status.heap_used, total: status.heap_total },
    { key: 'memoryinfo.PsRam', used: status.psram_used ?? 0, total: status.psram_total },
    { key: 'memoryinfo.LittleFs', used: status.littlefs_used, total: status.littlefs_total },
    { key: 'memoryinfo.Sketch', used: status.sketch_used, total: status.sketch_total },
  ];
  const kb = (bytes: number) => formatBytes(locale, bytes, 'kilobyte');
  return (
    <InfoSection title={t('memoryinfo.MemoryInformation')}>
      <table className="table table-hover mb-0 align-middle">
        <TableHead
          columns={[
            [t('memoryinfo.Type')],
            [t('memoryinfo.Usage')],
            [t('memoryinfo.Free'), 'text-end d-none d-md-table-cell'],
            [t('memoryinfo.Used'), 'text-end d-none d-md-table-cell'],
            [t('memoryinfo.Size'), 'text-end'],
          ]}
        />
        <tbody>
          {rows.map(
            (row) =>
              row.total !== undefined && (
                <tr key={row.key}>
                  <th scope="row">{t(row.key)}</th>
                  <td className="memory-usage">
                    <UsageBar percent={usedPercent(row.used, row.total)} label={t(row.key)} />
                  </td>
                  <td className="text-end text-nowrap d-none d-md-table-cell">{kb(row.total - row.used)}</td>
                  <td className="text-end text-nowrap d-none d-md-table-cell">{kb(row.used)}</td>
                  <td className="text-end text-nowrap">{kb(row.total)}</td>
                </tr>
              ),
          )}
        </tbody>
      </table>
    </InfoSection>
  );
}
