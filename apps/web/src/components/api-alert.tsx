import type { ApiResponse } from '@opendtu/api';
import type { ReactNode } from 'react';
import { useI18n, type I18n } from '../i18n/i18n-provider';

export type AlertVariant = 'success' | 'warning' | 'danger' | 'info';

/**
 * The text of a write answer: `apiresponse.<code>` with its params (contract §0.5). The
 * few answers without a code, or with a code we have no text for, show the device's own
 * message.
 */
export function apiResponseText(
  { has, tm }: Pick<I18n, 'has' | 'tm'>,
  response: Pick<ApiResponse, 'code' | 'param' | 'message'>,
): ReactNode {
  const key = `apiresponse.${response.code}`;
  return response.code !== undefined && has(key) ? tm(key, { ...response.param }) : response.message;
}

export interface AlertProps {
  variant: AlertVariant;
  children: ReactNode;
  onClose?: () => void;
  className?: string;
}

/** A Bootstrap alert that screen readers announce; dismissible when `onClose` is given. */
export function Alert({ variant, children, onClose, className = '' }: AlertProps) {
  const { t } = useI18n();
  const urgent = variant === 'danger' || variant === 'warning';
  return (
    <div
      className={`alert alert-${variant}${onClose ? ' alert-dismissible' : ''} ${className}`}
      role={urgent ? 'alert' : 'status'}
    >
      {children}
      {onClose && (
        <button type="button" className="btn-close" aria-label={t('base.Close')} onClick={onClose} />
      )}
    </div>
  );
}

/** A write answer as an alert coloured by its `type`. */
export function ApiAlert({ response, onClose }: { response: ApiResponse; onClose?: () => void }) {
  return (
    <Alert variant={response.type} onClose={onClose}>
      {apiResponseText(useI18n(), response)}
    </Alert>
  );
}
