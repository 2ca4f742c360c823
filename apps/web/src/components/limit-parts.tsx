import { useId, type ReactNode } from 'react';
import type { Command } from '../api/commands';
import { useI18n } from '../i18n/i18n-provider';
import { formatNumber } from '../lib/format';
import type { SplitNote, SplitPart } from '../lib/limit-split';
import { CommandNote } from './command-note';
import { TableHead } from './table-head';

/** A command as a limit list shows it: with the device's message if it did not go out. */
export type SentLimit = Command & { message?: string };

/** One inverter of a limit for several: a device's inverter, or one of the plant's. */
export interface LimitRow<C extends SentLimit = SentLimit> {
  /** Unique in the list: the serial on one device; device and serial on the plant. */
  key: string;
  name: string;
  /** Said under its name (on the plant: its device). */
  detail?: ReactNode;
  /** `max_power` of the limit status; 0 while the model is unknown. */
  maxPower: number;
  /** Why it cannot be chosen now (its device offline or silent). */
  unavailable?: SplitNote | undefined;
  /** Why it gets no part though chosen (it takes no commands). */
  excluded?: SplitNote | undefined;
  /** What was sent to it from the dialog. */
  command?: C | undefined;
}

export interface LimitPartsProps {
  rows: readonly LimitRow[];
  chosen: ReadonlySet<string>;
  onChoose: (chosen: ReadonlySet<string>) => void;
  /** Keyed by `LimitRow.key`. */
  parts: readonly SplitPart[];
  unit: string;
}

/**
 * The inverters of a group limit as a checkbox list, with each one's part and why, or
 * once sent its confirmation.
 */
export function LimitParts({ rows, chosen, onChoose, parts, unit }: LimitPartsProps) {
  const { t, locale } = useI18n();
  // Ids of their own: keys may hold characters an id should not (device names).
  const base = useId();
  const choosable = rows.filter((row) => !row.unavailable).map((row) => row.key);
  const all = choosable.length > 0 && choosable.every((key) => chosen.has(key));
  const check = (id: string, checked: boolean, disabled: boolean, onChange: () => void, label: ReactNode) => (
    <div className="form-check mb-0">
      <input
        className="form-check-input"
        type="checkbox"
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
      />
      <label className="form-check-label text-break" htmlFor={id}>
        {label}
      </label>
    </div>
  );
  return (
    <table className="table table-sm mb-0">
      <TableHead
        columns={[
          [
            check(
              `${base}all`,
              all,
              choosable.length === 0,
              () => onChoose(new Set(all ? [] : choosable)),
              t('overview.All'),
            ),
          ],
          [t('home.SetLimit'), 'text-end'],
          [t('inverteradmin.Status')],
        ]}
      />
      <tbody>
        {rows.map(({ key, name, detail, unavailable, excluded, command }, index) => {
          const part = parts.find((p) => p.serial === key);
          const note = unavailable ?? excluded ?? part?.note;
          const toggle = () => {
            const next = new Set(chosen);
            if (!next.delete(key)) next.add(key);
            onChoose(next);
          };
          return (
            <tr key={key} data-part={key}>
              <td>
                {check(
                  base + index,
                  !unavailable && chosen.has(key),
                  !!unavailable,
                  toggle,
                  <>
                    {name}
                    {detail && <span className="d-block small text-body-secondary">{detail}</span>}
                  </>,
                )}
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
