import type { ApiResponse } from '@opendtu/api';
import { useState } from 'react';
import { commands, useCommands, type PowerAction } from '../../api/commands';
import { ApiAlert } from '../../components/api-alert';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';
import { SetStatusBadge } from '../../components/set-status-badge';

/** Turn the inverter on or off, or restart it (spec §4). */
export function PowerDialog({ inverter, onClose }: { inverter: LiveInverter; onClose: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const statusMap = useCommands('power').power;
  const [answer, setAnswer] = useState<ApiResponse | undefined>();
  const [busy, setBusy] = useState(false);
  const send = (action: PowerAction) => {
    setBusy(true);
    void commands
      .send({ serial, kind: 'power', action })
      .then((response) => {
        if (response?.type === 'success') {
          toast.show('info', t('home.Sent'));
          onClose();
        } else if (response) setAnswer(response);
      })
      .finally(() => setBusy(false));
  };
  const serial = inverter.serial;
  return (
    <Modal open title={`${t('home.PowerSettings')}: ${inverter.name}`} onClose={onClose}>
      {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
      <p>
        {t('home.LastPowerSetStatus')} <SetStatusBadge status={statusMap?.[serial]?.power_set_status} />
      </p>
      <div className="d-grid gap-2">
        <button type="button" className="btn btn-success" disabled={busy} onClick={() => send('on')}>
          {t('home.TurnOn')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => send('off')}>
          {t('home.TurnOff')}
        </button>
        <button type="button" className="btn btn-warning" disabled={busy} onClick={() => send('restart')}>
          {t('home.Restart')}
        </button>
      </div>
    </Modal>
  );
}
