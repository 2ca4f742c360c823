import { deleteAllFiles } from '../../api/file';
import { ApiAlert } from '../../components/api-alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRestartRequest } from '../../components/use-restart-request';
import { useI18n } from '../../i18n/i18n-provider';
import { ROUTES } from '../../lib/route-paths';
import { Card } from '../../components/card';

/** Factory reset: every file but the board's pin mapping goes, and the device restarts. */
export function ResetCard() {
  const { t, tm } = useI18n();
  const { asking, ask, cancel, confirm, busy, answer } = useRestartRequest(deleteAllFiles, ROUTES.wait);

  return (
    <Card title={t('fileadmin.ResetHeader')} tone="danger">
      {answer && <ApiAlert response={answer} />}
      <p>{tm('fileadmin.ResetHint')}</p>
      <button type="button" className="btn btn-danger" onClick={ask} disabled={busy}>
        {t('fileadmin.FactoryResetButton')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('fileadmin.FactoryReset')}
        confirmLabel={t('fileadmin.ResetConfirm')}
        onConfirm={confirm}
        onCancel={cancel}
        busy={busy}
      >
        {t('fileadmin.ResetMsg')}
      </ConfirmDialog>
    </Card>
  );
}
