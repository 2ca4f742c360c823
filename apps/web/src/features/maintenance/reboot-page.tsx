import { postReboot } from '../../api/system';
import { ApiAlert } from '../../components/api-alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageFrame } from '../../components/page-frame';
import { useRestartRequest } from '../../components/use-restart-request';
import { useI18n } from '../../i18n/i18n-provider';
import { ROUTES } from '../../lib/route-paths';
import { Card } from '../../components/card';

/** Device reboot (spec §2): a confirmed request, its answer, then the wait page. */
export function RebootPage() {
  const { t, tm } = useI18n();
  const { asking, ask, cancel, confirm, busy, answer } = useRestartRequest(postReboot, ROUTES.wait);

  return (
    <PageFrame title={t('maintenancereboot.DeviceReboot')}>
      {answer && <ApiAlert response={answer} />}
      <Card title={t('maintenancereboot.PerformReboot')} body="card-body text-center">
        <button
          type="button"
          className="btn btn-danger"
          onClick={ask}
          disabled={busy || answer?.type === 'success'}
        >
          {t('maintenancereboot.Reboot')}
        </button>
        <p className="mt-3 mb-0">{tm('maintenancereboot.RebootHint')}</p>
      </Card>
      <ConfirmDialog
        open={asking}
        title={t('maintenancereboot.RebootOpenDTU')}
        confirmLabel={t('maintenancereboot.Reboot')}
        onConfirm={confirm}
        onCancel={cancel}
        busy={busy}
      >
        {t('maintenancereboot.RebootQuestion')}
      </ConfirmDialog>
    </PageFrame>
  );
}
