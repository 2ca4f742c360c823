import type { InverterListEntry } from '@opendtu/api';
import { useId, useMemo } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { GripIcon, PencilIcon, TrashIcon } from './icons';
import { StatusBadges } from './status-badges';
import { useRowReorder } from './use-row-reorder';
import { TableHead } from '../../components/table-head';

export interface InverterTableProps {
  rows: readonly InverterListEntry[];
  move: (from: number, to: number) => void;
  onMoved: (inverter: InverterListEntry, index: number) => void;
  onEdit: (inverter: InverterListEntry) => void;
  onDelete: (inverter: InverterListEntry) => void;
}

/**
 * The inverters in display order. On a phone the serial and type move under the name,
 * so the table fits 390 px without scrolling sideways.
 */
export function InverterTable({ rows, move, onMoved, onEdit, onDelete }: InverterTableProps) {
  const { t } = useI18n();
  const moveHintId = useId();
  const keys = useMemo(() => rows.map((row) => String(row.id)), [rows]);
  const { containerRef, handleProps } = useRowReorder({
    keys,
    move,
    onMoved: (key, index) => {
      const inverter = rows.find((row) => String(row.id) === key);
      if (inverter) onMoved(inverter, index);
    },
  });

  return (
    <>
      <span id={moveHintId} className="visually-hidden">
        {t('inverteradmin.MoveHint')}
      </span>
      <table className="table align-middle mb-0 inverter-table">
        <TableHead
          columns={[
            [<span className="visually-hidden">{t('inverteradmin.Order')}</span>, 'handle-cell'],
            [t('inverteradmin.Status'), 'd-none d-sm-table-cell'],
            [t('inverteradmin.InverterSerial'), 'd-none d-md-table-cell'],
            [t('inverteradmin.InverterName')],
            [t('inverteradmin.Type'), 'd-none d-lg-table-cell'],
            [t('inverteradmin.Action'), 'text-end'],
          ]}
        />
        <tbody ref={containerRef}>
          {rows.map((inverter) => (
            <tr key={inverter.id} data-row-key={inverter.id}>
              <td className="handle-cell">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary drag-handle"
                  aria-label={t('inverteradmin.MoveHandle', { name: inverter.name })}
                  aria-describedby={moveHintId}
                  {...handleProps(String(inverter.id))}
                >
                  <GripIcon />
                </button>
              </td>
              <td className="d-none d-sm-table-cell">
                <StatusBadges inverter={inverter} />
              </td>
              <td className="d-none d-md-table-cell">{inverter.serial}</td>
              <td>
                <div className="text-break">{inverter.name}</div>
                <div className="small text-body-secondary d-md-none">{inverter.serial}</div>
                <div className="small text-body-secondary d-lg-none">{inverter.type}</div>
                <div className="d-sm-none mt-1">
                  <StatusBadges inverter={inverter} />
                </div>
              </td>
              <td className="d-none d-lg-table-cell">{inverter.type}</td>
              <td className="text-end text-nowrap">
                <button
                  type="button"
                  className="btn btn-sm btn-primary me-1"
                  aria-label={t('inverteradmin.EditNamed', { name: inverter.name })}
                  title={t('inverteradmin.EditInverter')}
                  onClick={() => onEdit(inverter)}
                >
                  <PencilIcon />
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  aria-label={t('inverteradmin.DeleteNamed', { name: inverter.name })}
                  title={t('inverteradmin.DeleteInverter')}
                  onClick={() => onDelete(inverter)}
                >
                  <TrashIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
