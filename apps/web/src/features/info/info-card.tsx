import { useId, type ReactNode } from 'react';

/** A titled card holding a two-column table of facts, the shape of every info page. */
export function InfoCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <h2 className="card-header h5" id={id}>
        {title}
      </h2>
      <div className="table-responsive">
        <table className="table table-hover mb-0 info-table">
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

export function InfoRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

interface StateBadgeProps {
  on: boolean;
  onText: string;
  offText: string;
  /** 'secondary' for a setting that may well be off; 'danger' for a state that should be on. */
  offVariant?: 'danger' | 'secondary';
}

/** A yes/no state as a coloured badge that also says it in words. */
export function StateBadge({ on, onText, offText, offVariant = 'danger' }: StateBadgeProps) {
  return <span className={`badge text-bg-${on ? 'success' : offVariant}`}>{on ? onText : offText}</span>;
}
