import type { CurrentPins, PinMappingProfile } from '@opendtu/api';
import { useI18n } from '../../../i18n/i18n-provider';
import { TableHead } from '../../../components/table-head';

type Pins = Omit<CurrentPins, 'name'>;
type Value = number | boolean | undefined;

const shown = (value: Value): string => (value === undefined ? '' : String(value));

/** A pin the profile leaves out is unconnected (-1, or off) on a generic build (contract §4.3). */
const orDefault = (value: Value, active: Value): Value =>
  value !== undefined ? value : typeof active === 'boolean' ? false : -1;

/**
 * The pins of the chosen profile beside those the device runs with now; a row that
 * differs says so in words as well as colour (a new profile applies after the restart).
 * The default settings (no profile) are the pins built into the firmware, which the page
 * cannot know: they are named as such, never flagged as differing.
 */
export function PinTable({ active, selected }: { active: Pins; selected: PinMappingProfile | undefined }) {
  const { t } = useI18n();
  const categories = Object.entries(active) as unknown as [keyof Pins, Record<string, Value>][];
  return (
    <div className="table-responsive">
      <table className="table table-sm table-bordered align-middle">
        <TableHead
          columns={[
            [t('pininfo.Category')],
            [t('inverteradmin.InverterName')],
            [t('pininfo.ValueSelected'), 'text-end'],
            [t('pininfo.ValueActive'), 'text-end'],
          ]}
        />
        {categories.map(([category, pins]) => {
          const chosen = selected?.[category] as Record<string, Value> | undefined;
          const names = Object.keys(pins);
          return (
            <tbody key={category}>
              {names.map((name, index) => {
                const differs =
                  !!selected && shown(orDefault(chosen?.[name], pins[name])) !== shown(pins[name]);
                // On the cells, not the row: the category cell spans rows that may not differ.
                const mark = differs ? 'cell-differs' : undefined;
                return (
                  <tr key={name}>
                    {index === 0 && (
                      <th scope="rowgroup" rowSpan={names.length}>
                        {category}
                      </th>
                    )}
                    <td className={mark}>
                      {name}
                      {differs && <span className="badge text-bg-danger ms-2">{t('pininfo.Differs')}</span>}
                    </td>
                    <td className={`text-end ${mark ?? ''}`}>
                      {chosen?.[name] === undefined ? (
                        <span className="text-body-secondary">
                          {t(selected ? 'pininfo.NotSet' : 'pininfo.BuiltIn')}
                        </span>
                      ) : (
                        shown(chosen[name])
                      )}
                    </td>
                    <td className={`text-end ${mark ?? ''}`}>{shown(pins[name])}</td>
                  </tr>
                );
              })}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
