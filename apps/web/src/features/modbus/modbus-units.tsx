import type { ModbusAnswer, ModbusPhase, ModbusState, ModbusUnit } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatMeasure } from '../../lib/format';

const STATE_KEY: Readonly<Record<ModbusState, string>> = {
  off: 'modbus.StateOff',
  sleeping: 'modbus.StateSleeping',
  producing: 'modbus.StateProducing',
  throttled: 'modbus.StateThrottled',
  fault: 'modbus.StateFault',
  unknown: 'modbus.StateUnknown',
};

const PHASES: readonly ModbusPhase[] = ['L1', 'L2', 'L3'];

function PhaseCell({
  unit,
  busy,
  onPhase,
}: {
  unit: ModbusUnit;
  busy: boolean;
  onPhase: (serial: string, phase: ModbusPhase) => void;
}) {
  const { t } = useI18n();
  if (unit.kind === 'plant' || unit.phase === null) return <>{t('modbus.ThreePhases')}</>;
  return (
    <select
      className="form-select form-select-sm"
      aria-label={t('modbus.PhaseOf', { name: unit.name })}
      value={unit.phase}
      disabled={busy}
      onChange={(event) => onPhase(unit.serial!, event.target.value as ModbusPhase)}
    >
      {PHASES.map((phase) => (
        <option key={phase} value={phase}>
          {phase}
        </option>
      ))}
    </select>
  );
}

/** The unit-id map: one row per unit, the plant first, with what a client reads there now. */
export function ModbusUnits({
  answer,
  busy,
  onPhase,
}: {
  answer: ModbusAnswer;
  busy: string | undefined;
  onPhase: (serial: string, phase: ModbusPhase) => void;
}) {
  const { t, locale } = useI18n();
  const measure = (value: number | null, unit: string, digits = 0) =>
    value === null ? '–' : formatMeasure(locale, value, unit, digits);
  return (
    <section className="card mb-3" aria-labelledby="modbus-units-title">
      <div className="card-header">
        <h2 className="h6 mb-0" id="modbus-units-title">
          {t('modbus.Units')}
        </h2>
      </div>
      <div className="table-responsive">
        <table className="table table-sm mb-0 small align-middle" data-modbus-units="">
          <thead>
            <tr>
              <th scope="col">{t('modbus.Unit')}</th>
              <th scope="col">{t('modbus.Inverter')}</th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('modbus.Model')}
              </th>
              <th scope="col">{t('modbus.Phase')}</th>
              <th scope="col" className="text-end">
                {t('modbus.Power')}
              </th>
              <th scope="col" className="text-end">
                {t('modbus.Energy')}
              </th>
              <th scope="col">{t('modbus.State')}</th>
              <th scope="col">{t('modbus.Limit')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.units.map((unit) => (
              <tr
                key={unit.unit}
                data-unit={unit.unit}
                className={unit.present ? undefined : 'text-body-secondary'}
              >
                <td className="fw-semibold">{unit.unit}</td>
                <th scope="row" className="fw-normal text-break">
                  {unit.kind === 'plant' ? t('modbus.Plant') : unit.name}
                  <span className="d-block text-body-secondary">
                    {unit.kind === 'plant'
                      ? t('modbus.PlantWhat')
                      : [unit.serial, unit.device].filter(Boolean).join(' · ')}
                    {!unit.present && ` · ${t('modbus.Absent')}`}
                  </span>
                </th>
                <td className="d-none d-sm-table-cell">
                  {unit.model}
                  <span className="d-block text-body-secondary">{measure(unit.rated_w, 'W')}</span>
                </td>
                <td style={{ minWidth: '5.5rem' }}>
                  <PhaseCell unit={unit} busy={busy === unit.serial} onPhase={onPhase} />
                </td>
                <td className="text-end">{measure(unit.power_w, 'W')}</td>
                <td className="text-end">
                  {measure(unit.energy_wh === null ? null : unit.energy_wh / 1000, 'kWh', 1)}
                </td>
                <td>{t(STATE_KEY[unit.state])}</td>
                <td>
                  {unit.limit
                    ? `${formatMeasure(locale, unit.limit.percent, '%', 1)} · ${measure(unit.limit.watts, 'W')}${
                        unit.limit.revert_in_s === null
                          ? ''
                          : ` · ${t('modbus.RevertIn', { seconds: unit.limit.revert_in_s })}`
                      }`
                    : t('modbus.OwnLimit')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="card-footer small text-body-secondary mb-0">
        {t('modbus.MapNote', { address: answer.base_address })}
      </p>
    </section>
  );
}
