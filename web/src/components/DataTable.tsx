import type { ReactNode } from 'react';
import { TableHead } from './TableHead';

/**
 * A scrollable table with translated column headers; callers give the body rows. `cards` turns
 * each row into a card on a phone (cells labelled by their data-label) instead of a wide table
 * in a narrow scroller.
 */
export function DataTable({ headers, children, cards = false }: { headers: readonly string[]; children: ReactNode; cards?: boolean }) {
  return (
    <div className="table-scroll">
      <table className={cards ? 'table table--cards' : 'table'}>
        <TableHead headers={headers} />
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
