import { useCommands } from '../../api/commands';
import { ApiAlert } from '../../components/api-alert';
import { ACTION } from '../../components/command-note';
import { Modal } from '../../components/modal';
import { SetStatusBadge } from '../../components/set-status-badge';
import { useSendCommand } from '../../components/use-send-command';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';

const BUTTON = { on: 'btn btn-success', off: 'btn btn-danger', restart: 'btn btn-warning' } as const;

/** Turn the inverter on or off, or restart it (spec §4). */
export function PowerDialog({ inverter, onClose }: { inverter: LiveInverter; onClose: () => void }) {
  const { t } = useI18n();
  const statusMap = useCommands('power').power;
  const { answer, setAnswer, busy, send } = useSendCommand(onClose);
  const serial = inverter.serial;
  return (
    <Modal open title={`${t('home.PowerSettings')}: ${inverter.name}`} onClose={onClose}>
      {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
      <p>
        {t('home.LastPowerSetStatus')} <SetStatusBadge status={statusMap?.[serial]?.power_set_status} />
      </p>
      <div className="d-grid gap-2">
        {(['on', 'off', 'restart'] as const).map((action) => (
          <button
            type="button"
            key={action}
            className={BUTTON[action]}
            disabled={busy}
            onClick={() => send({ serial, kind: 'power', action })}
          >
            {t(ACTION[action])}
          </button>
        ))}
      </div>
    </Modal>
  );
}
