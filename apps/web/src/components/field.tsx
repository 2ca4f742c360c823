import type { ReactNode } from 'react';

export interface FieldProps {
  /** The control's id; its label and message point at it. */
  id: string;
  label: ReactNode;
  /** Shown instead of the hint, in red, while the control is invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * A form control with its label and one message line below: the error while there is
 * one, otherwise the hint. The line is a live region, so screen readers hear the change.
 * Give the control `controlProps(id, error)`.
 */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {/* d-block: Bootstrap shows .invalid-feedback only right after an .is-invalid control,
          which a control inside an input group (a unit beside it) is not. */}
      <div id={messageId(id)} className={error ? 'invalid-feedback d-block' : 'form-text'} aria-live="polite">
        {error ?? hint}
      </div>
    </div>
  );
}

const messageId = (id: string): string => `${id}-message`;

/** Id, Bootstrap class and ARIA state of a control inside a `Field`. */
export function controlProps(id: string, error: string | undefined, className = 'form-control') {
  return {
    id,
    className: error ? `${className} is-invalid` : className,
    'aria-invalid': error !== undefined,
    'aria-describedby': messageId(id),
  };
}
