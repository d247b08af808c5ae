import type { ReactNode } from 'react';
import { TableHead } from '@/components/TableHead';

/** A docs page table (fees, times, networks, brand colours): a scroller around the table; callers give the rows. */
export function DocsTable({ headers, testId, children }: { headers: readonly string[]; testId?: string; children: ReactNode }) {
  return (
    <div className="docs-table-wrap">
      <table className="docs-table" data-testid={testId}>
        <TableHead headers={headers} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
