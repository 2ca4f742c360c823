import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../i18n/i18n-provider';
import type { AlertVariant } from './api-alert';
import { focusableIn, trapTab } from './focus';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons of the footer; none means no footer. */
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'xl';
  /** Colour of the header (e.g. 'danger' for a destructive question); the build keeps the CSS of these. */
  variant?: AlertVariant;
}

// Written out whole: the build keeps only the CSS classes that appear in the sources.
const SIZE_CLASS = { sm: 'modal-sm', lg: 'modal-lg', xl: 'modal-xl' } as const;

/**
 * A Bootstrap modal driven by React (no Bootstrap JavaScript): focus moves into it, Tab
 * stays inside, Escape and the close button call `onClose`, and focus returns to where it
 * was when the dialog closes.
 */
export function Modal({ open, title, onClose, children, footer, size, variant }: ModalProps) {
  const { t } = useI18n();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (focusableIn(dialog).find((item) => !item.matches('.btn-close')) ?? dialog).focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (dialog) trapTab(event, dialog);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <>
      <div
        ref={dialogRef}
        className="modal fade show d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <div className={`modal-dialog modal-dialog-centered${size ? ` ${SIZE_CLASS[size]}` : ''}`}>
          <div className="modal-content">
            <div className={`modal-header${variant ? ` text-bg-${variant}` : ''}`}>
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label={t('base.Close')} onClick={onClose} />
            </div>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop fade show" />
    </>,
    document.body,
  );
}
