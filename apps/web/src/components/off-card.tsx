import { useId, type HTMLAttributes, type ReactNode } from 'react';

/** A feature that is off: its name, what it would do, and how to turn it on. */
export function OffCard({
  title,
  what,
  how,
  ...attributes
}: HTMLAttributes<HTMLElement> & { title: string; what: string; how: ReactNode }) {
  const id = useId();
  return (
    <section {...attributes} className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 className="h5 card-title" id={id}>
          {title}
        </h2>
        <p>{what}</p>
        <p className="mb-0">{how}</p>
      </div>
    </section>
  );
}
