import type { ReactNode } from 'react';

/** A scrollable table with translated column headers; callers give the body rows. */
export function DataTable({ headers, children }: { headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The single row a table shows while it has no data. */
export function EmptyRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="table__empty">
        {children}
      </td>
    </tr>
  );
}
