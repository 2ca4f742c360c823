import type { CommandsSnapshot } from '../api/commands';
import { commandOf } from '../api/commands';
import { useI18n } from '../i18n/i18n-provider';
import { formatNumber } from '../lib/format';
import type { SplitPart, SplitTarget } from '../lib/limit-split';
import type { LiveInverter } from '../lib/live-merge';
import { CommandNote } from './command-note';

export interface LimitPartsProps {
  inverters: LiveInverter[];
  chosen: ReadonlySet<string>;
  onChoose: (chosen: ReadonlySet<string>) => void;
  parts: SplitPart[];
  targets: SplitTarget[];
  unit: string;
  /** Inverters a limit was sent to: their row shows the command's state instead of the note. */
  sent: readonly string[];
  commands: CommandsSnapshot;
}

/** The inverters of a group limit as a checkbox list, with each one's part and why, or its confirmation. */
export function LimitParts({
  inverters,
  chosen,
  onChoose,
  parts,
  targets,
  unit,
  sent,
  commands,
}: LimitPartsProps) {
  const { t, locale } = useI18n();
  const all = chosen.size === inverters.length;
  const check = (id: string, checked: boolean, onChange: () => void, label: string) => (
    <div className="form-check mb-0">
      <input className="form-check-input" type="checkbox" id={id} checked={checked} onChange={onChange} />
      <label className="form-check-label text-break" htmlFor={id}>
        {label}
      </label>
    </div>
  );
  return (
    <table className="table table-sm mb-0">
      <thead>
        <tr>
          <th scope="col">
            {check(
              'limit-all',
              all,
              () => onChoose(new Set(all ? [] : inverters.map((i) => i.serial))),
              t('overview.All'),
            )}
          </th>
          <th scope="col" className="text-end">
            {t('home.SetLimit')}
          </th>
          <th scope="col">{t('inverteradmin.Status')}</th>
        </tr>
      </thead>
      <tbody>
        {inverters.map(({ serial, name }) => {
          const part = parts.find((p) => p.serial === serial);
          const note = part?.note ?? targets.find((target) => target.serial === serial)?.excluded;
          const toggle = () => {
            const next = new Set(chosen);
            if (!next.delete(serial)) next.add(serial);
            onChoose(next);
          };
          return (
            <tr key={serial} data-part={serial}>
              <td>{check(`limit-${serial}`, chosen.has(serial), toggle, name)}</td>
              <td className="text-end text-nowrap" data-value="">
                {part?.value !== undefined && `${formatNumber(locale, part.value, 0)} ${unit}`}
              </td>
              <td className="small">
                {sent.includes(serial) ? (
                  <CommandNote command={commandOf(commands, 'limit', serial)} brief />
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
