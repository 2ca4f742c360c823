import type { ReactNode } from 'react';

/** The energy view's card: its title and CSV download in the header, the view below. */
export function EnergyCard({
  id,
  title,
  download,
  downloadLabel,
  className = 'card',
  children,
}: {
  id: string;
  title: string;
  download: () => void;
  downloadLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id={id}>
          {title}
        </h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={download}>
          {downloadLabel}
        </button>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
