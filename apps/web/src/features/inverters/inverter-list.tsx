import type { InverterListEntry } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { InverterTable, type InverterTableProps } from './inverter-table';

/** The list card: loading state, the table (or a word that it is empty), Save order. */
export function InverterList({
  isLoading,
  busy,
  orderChanged,
  onSaveOrder,
  ...table
}: InverterTableProps & {
  isLoading: boolean;
  busy: boolean;
  orderChanged: boolean;
  onSaveOrder: () => void;
}) {
  const { t, tm } = useI18n();
  const rows: readonly InverterListEntry[] = table.rows;
  return (
    <section className="card mb-3" aria-busy={isLoading}>
      <div className="card-header d-flex align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto">{t('inverteradmin.InverterList')}</h2>
        {isLoading && (
          <span className="spinner-border spinner-border-sm" role="status">
            <span className="visually-hidden">{t('base.Loading')}</span>
          </span>
        )}
      </div>
      <div className="card-body">
        {rows.length === 0 ? (
          <p className="mb-0">{isLoading ? t('base.Loading') : t('inverteradmin.NoInverters')}</p>
        ) : (
          <>
            <p className="form-text mt-0">{t('inverteradmin.OrderHint')}</p>
            <InverterTable {...table} />
            <p className="form-text mb-0">{tm('inverteradmin.StatusHint')}</p>
          </>
        )}
      </div>
      {rows.length > 1 && (
        <div className="card-footer d-flex justify-content-end">
          <button
            type="button"
            className={`btn ${orderChanged ? 'btn-primary' : 'btn-outline-primary'}`}
            onClick={onSaveOrder}
            disabled={busy}
          >
            {t('inverteradmin.SaveOrder')}
          </button>
        </div>
      )}
    </section>
  );
}
