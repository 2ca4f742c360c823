import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Text of the button that does it. */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Colour of the header and the confirming button (e.g. 'danger'). */
  variant?: 'danger' | 'warning';
  busy?: boolean;
}

/** A yes/cancel question before something that cannot be undone (delete, reset, reboot). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  variant = 'danger',
  busy = false,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      variant={variant}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('base.Cancel')}
          </button>
          <button type="button" className={`btn btn-${variant}`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
