import { useId } from 'react';
import { CommandNote } from '../../components/command-note';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import type { SplitNote, SplitPart } from '../../lib/limit-split';
import type { PlantCommands } from './use-plant-limit';

/** One inverter of the plant in the limit dialog. */
export interface LimitRow {
  /** `limitKey(device, serial)`. */
  key: string;
  device: string;
  serial: string;
  name: string;
  /** Why it cannot take a part now (its device offline or silent); it is then not choosable. */
  unavailable: SplitNote | undefined;
}

export interface PlantLimitPartsProps {
  rows: LimitRow[];
  chosen: ReadonlySet<string>;
  onChoose: (chosen: ReadonlySet<string>) => void;
  /** Keyed by `LimitRow.key`. */
  parts: SplitPart[];
  unit: string;
  /** Parts sent: their row shows the inverter's acknowledgement instead of the note. */
  commands: PlantCommands;
}

/**
 * The plant's inverters as a checkbox list with their device, each one's part and why, or
 * once sent its acknowledgement and, for a part not sent, the device's reason.
 */
export function PlantLimitParts({ rows, chosen, onChoose, parts, unit, commands }: PlantLimitPartsProps) {
  const { t, locale } = useI18n();
  // Ids of their own: device names may hold characters an id should not.
  const base = useId();
  const choosable = rows.filter((row) => !row.unavailable).map((row) => row.key);
  const all = choosable.length > 0 && choosable.every((key) => chosen.has(key));
  return (
    <table className="table table-sm mb-0">
      <thead>
        <tr>
          <th scope="col">
            <div className="form-check mb-0">
              <input
                className="form-check-input"
                type="checkbox"
                id={`${base}all`}
                checked={all}
                disabled={choosable.length === 0}
                onChange={() => onChoose(new Set(all ? [] : choosable))}
              />
              <label className="form-check-label" htmlFor={`${base}all`}>
                {t('overview.All')}
              </label>
            </div>
          </th>
          <th scope="col" className="text-end">
            {t('home.SetLimit')}
          </th>
          <th scope="col">{t('inverteradmin.Status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, device, name, unavailable }, index) => {
          const part = parts.find((p) => p.serial === key);
          const note = unavailable ?? part?.note;
          const command = commands[key];
          const id = `${base}${index}`;
          const toggle = () => {
            const next = new Set(chosen);
            if (!next.delete(key)) next.add(key);
            onChoose(next);
          };
          return (
            <tr key={key} data-part={key}>
              <td className="text-break">
                <div className="form-check mb-0">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={id}
                    checked={!unavailable && chosen.has(key)}
                    disabled={!!unavailable}
                    onChange={toggle}
                  />
                  <label className="form-check-label" htmlFor={id}>
                    {name}
                    <span className="d-block small text-body-secondary">
                      <span className="visually-hidden">{t('plant.Device')}: </span>
                      {device}
                    </span>
                  </label>
                </div>
              </td>
              <td className="text-end text-nowrap" data-value="">
                {part?.value !== undefined && `${formatNumber(locale, part.value, 0)} ${unit}`}
              </td>
              <td className="small text-break">
                {command ? (
                  <>
                    <CommandNote command={command} brief />
                    {command.message && <span className="d-block">{command.message}</span>}
                  </>
                ) : (
                  note && t(note.key, note)
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
