import type { ReactNode } from 'react';

/** A column of a table's head: its label and, if any, its class (alignment, when it shows). */
export type Column = readonly [label: ReactNode, className?: string];

/** The head row of a data table, one column header each. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map(([label, className], index) => (
          <th key={index} scope="col" className={className}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
