import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { ApiAlert } from '../api-alert';
import type { ConfigForm } from './use-config-form';

/** One titled group of settings (a Bootstrap card). */
export function FormCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="card mb-3">
      <h2 className="card-header h6">{title}</h2>
      <div className="card-body">{children}</div>
    </section>
  );
}

/**
 * A settings form: the device's answer to the last save above the fields, and the
 * footer with Reload (or Cancel) and Save, kept in reach at the bottom of the screen.
 */
export function ConfigFormBody<T extends object>({
  form,
  children,
  reloadLabel,
  saveLabel,
}: {
  form: ConfigForm<T>;
  children: ReactNode;
  /** The reload button's text; the DTU and device screens call it Cancel. */
  reloadLabel?: string;
  /** The save button's text, for forms that do something else than store settings. */
  saveLabel?: string;
}) {
  const { t } = useI18n();
  return (
    <form noValidate onSubmit={form.submit}>
      {form.response && <ApiAlert response={form.response} onClose={form.clearResponse} />}
      {children}
      <div className="form-footer d-flex gap-2 justify-content-end py-2">
        <button type="button" className="btn btn-secondary" onClick={form.reload} disabled={form.isSaving}>
          {reloadLabel ?? t('base.Reload')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.isSaving}>
          {form.isSaving && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {saveLabel ?? t('base.Save')}
        </button>
      </div>
    </form>
  );
}
