import type { InverterListEntry } from '@opendtu/api';
import { Modal } from '../../components/modal';
import { useI18n } from '../../i18n/i18n-provider';

/** Asks before an inverter goes, naming it by name and serial (spec). */
export function DeleteInverterDialog({
  inverter,
  busy,
  onConfirm,
  onClose,
}: {
  inverter: InverterListEntry;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      open
      variant="danger"
      title={t('inverteradmin.DeleteInverter')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {t('inverteradmin.Delete')}
          </button>
        </>
      }
    >
      <p className="mb-0">{t('inverteradmin.DeleteMsg', { name: inverter.name, serial: inverter.serial })}</p>
    </Modal>
  );
}
