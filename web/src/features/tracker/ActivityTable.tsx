import { useTranslation } from 'react-i18next';
import type { ChainActivity } from '@/api/tracker';
import { formatThousands } from '@/lib/number';
import { ACTIVITY_COLUMNS, formatGas, formatUsd, relativeTime, sortActivity, type ActivityColumn } from './activity';
import { useTrackerForm } from './trackerStore';

/** One row per network; every header sorts (again: the other way). */
export function ActivityTable({ rows }: { rows: ChainActivity[] }) {
  const { t } = useTranslation();
  const sort = useTrackerForm((s) => s.sort);
  const sortBy = useTrackerForm((s) => s.sortBy);
  const sorted = sortActivity(rows, sort);
  const ariaSort = (c: ActivityColumn) => (sort.column !== c ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending');
  return (
    <div className="table-scroll">
      <table className="table tracker-table">
        <thead>
          <tr>
            {ACTIVITY_COLUMNS.map((c) => (
              <th key={c} scope="col" aria-sort={ariaSort(c)} className={c === 'network' ? undefined : 'num'}>
                <button type="button" className="tracker-sort" onClick={() => sortBy(c)}>
                  {t(`trackerPages.columns.${c}`)}
                  <span aria-hidden="true">{sort.column === c ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((r) => (
            <ActivityRow key={r.chain_id} row={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActivityRow({ row }: { row: ChainActivity }) {
  const { t } = useTranslation();
  const ago = relativeTime(row.last_active, Date.now());
  const lastActive = 'count' in ago ? t(`trackerPages.ago.${ago.key}`, { count: ago.count }) : t(`trackerPages.ago.${ago.key}`);
  return (
    <tr data-testid={`tracker-row-${row.chain_id}`}>
      <td>{row.chain_name}</td>
      <td className="num">{formatThousands(row.tx_count)}</td>
      <td className="num">{formatUsd(row.volume_usd)}</td>
      <td className="num">{row.active_days}</td>
      <td className="num">{row.active_weeks}</td>
      <td className="num">{row.active_months}</td>
      <td className="num">{row.contracts}</td>
      <td className="num">
        <time dateTime={row.last_active > 0 ? new Date(row.last_active * 1000).toISOString() : undefined}>{lastActive}</time>
      </td>
      <td className="num">{formatGas(row.gas_spent)}</td>
      <td className="num">{formatUsd(row.bridged_volume_usd)}</td>
    </tr>
  );
}
