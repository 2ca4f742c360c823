import type { InverterListEntry } from '@opendtu/api';
import type { ReactNode } from 'react';
import { MoonIcon } from '../../components/icons';
import { useI18n } from '../../i18n/i18n-provider';
import { ArrowDownIcon, ArrowUpIcon } from './icons';

/**
 * One direction of traffic (spec: receive = poll_enable, send = command_enable). The
 * arrow says it is on, the moon (and the dark colour) that it also runs at night; a
 * switched-off direction is struck through, so no state rests on colour alone.
 */
function DirectionBadge({
  label,
  enabled,
  night,
  icon,
}: {
  label: string;
  enabled: boolean;
  night: boolean;
  icon: ReactNode;
}) {
  const { t } = useI18n();
  const state = t(
    enabled ? (night ? 'inverteradmin.StatusNight' : 'inverteradmin.StatusDay') : 'inverteradmin.StatusOff',
    { what: label },
  );
  return (
    <span
      className={`badge status-badge d-inline-flex align-items-center gap-1 text-bg-${night ? 'dark' : 'warning'}`}
      title={state}
    >
      {enabled && icon}
      <span aria-hidden="true" className={enabled ? undefined : 'text-decoration-line-through'}>
        {label}
      </span>
      {night && <MoonIcon />}
      <span className="visually-hidden">{state}</span>
    </span>
  );
}

export function StatusBadges({ inverter }: { inverter: InverterListEntry }) {
  const { t } = useI18n();
  return (
    <div className="d-flex flex-wrap gap-1">
      <DirectionBadge
        label={t('inverteradmin.Receive')}
        enabled={inverter.poll_enable}
        night={inverter.poll_enable_night}
        icon={<ArrowDownIcon />}
      />
      <DirectionBadge
        label={t('inverteradmin.Send')}
        enabled={inverter.command_enable}
        night={inverter.command_enable_night}
        icon={<ArrowUpIcon />}
      />
    </div>
  );
}
