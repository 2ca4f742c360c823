import type { PlantDevice, PlantInverter } from '@opendtu/api';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { PlantInverterRow } from './plant-inverter-row';
import { PlantLimitDialog } from './plant-limit-dialog';
import { nextSort, sortInverters, type Sort, type SortKey } from './plant-sort';

interface HeaderProps {
  column: SortKey;
  label: string;
  sort: Sort | undefined;
  onSort: (column: SortKey) => void;
  /** A column of numbers, aligned to the end. */
  end?: boolean;
  className?: string;
}

/** A column header that sorts by its column; aria-sort says how the list is sorted now. */
function SortHeader({ column, label, sort, onSort, end = false, className = '' }: HeaderProps) {
  const active = sort?.key === column ? sort : undefined;
  return (
    <th
      scope="col"
      className={`${end ? 'text-end' : ''} ${className}`}
      aria-sort={active ? (active.descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        className={`border-0 bg-transparent p-0 fw-bold text-reset ${end ? 'text-end' : 'text-start'}`}
        onClick={() => onSort(column)}
      >
        {label}
        {active && <span aria-hidden="true">{active.descending ? ' ▼' : ' ▲'}</span>}
      </button>
    </th>
  );
}

/**
 * Every inverter of every device on one list, with its device's name, sortable by the
 * column headers and filtered by device. An offline device's inverters keep their last
 * values, greyed.
 */
export function PlantInverters({
  inverters,
  devices,
}: {
  inverters: PlantInverter[];
  devices: PlantDevice[];
}) {
  const { t } = useI18n();
  const filterId = useId();
  const [sort, setSort] = useState<Sort>();
  const [filter, setFilter] = useState('');
  const [limiting, setLimiting] = useState(false);
  const names = devices.map((device) => device.name);
  const shown = names.includes(filter) ? filter : '';
  const offline = new Set(devices.filter((device) => !device.online).map((device) => device.name));
  const rows = sortInverters(
    shown ? inverters.filter((inverter) => inverter.device === shown) : inverters,
    sort,
  );
  const onSort = (column: SortKey) => setSort(nextSort(sort, column));
  const header = { sort, onSort };
  return (
    <section aria-labelledby="plant-inverters">
      <h2 id="plant-inverters" className="h4">
        {t('plant.Inverters')}
      </h2>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <label htmlFor={filterId}>{t('plant.Device')}</label>
        <select
          id={filterId}
          className="form-select"
          style={{ width: 'auto', minWidth: 0 }}
          value={shown}
          onChange={(event) => setFilter(event.target.value)}
        >
          <option value="">{t('plant.AllDevices')}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {inverters.length > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary ms-auto"
            onClick={() => setLimiting(true)}
          >
            {t('plant.SetLimitAll')}
          </button>
        )}
      </div>
      {limiting && (
        <PlantLimitDialog inverters={inverters} devices={devices} onClose={() => setLimiting(false)} />
      )}
      {rows.length === 0 ? (
        <p className="text-body-secondary">{t('plant.NoInverters')}</p>
      ) : (
        <table className="table table-sm align-middle small" aria-labelledby="plant-inverters">
          <thead>
            <tr>
              <SortHeader
                column="device"
                label={t('plant.Device')}
                className="d-none d-md-table-cell"
                {...header}
              />
              <SortHeader column="name" label={t('plant.Inverter')} {...header} />
              <SortHeader column="power" label={t('plant.Power')} end {...header} />
              <SortHeader column="yield" label={t('plant.YieldToday')} end {...header} />
              <th scope="col" className="d-none d-sm-table-cell text-end">
                {t('plant.Limit')}
              </th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('plant.State')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((inverter) => (
              <PlantInverterRow
                key={`${inverter.device}/${inverter.serial}/${inverter.order}`}
                inverter={inverter}
                offline={offline.has(inverter.device)}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
