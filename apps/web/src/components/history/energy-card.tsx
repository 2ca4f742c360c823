import { useId, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

/** The energy view's card: its title and CSV download in the header, the view below. */
export function EnergyCard({
  title,
  download,
  className = 'card',
  children,
}: {
  title: string;
  download: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section className={className} aria-labelledby={id}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id={id}>
          {title}
        </h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={download}>
          {t('home.DownloadCsv')}
        </button>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
