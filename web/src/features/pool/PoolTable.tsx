import { useTranslation } from 'react-i18next';
import type { PoolChain } from '@/api/pool';
import { showAmount, showShare } from './amounts';
import { TableHead } from '@/components/TableHead';

/** The pool per chain and token: its size, what the maker has drawn, the wallet's deposit and share. */
export function PoolTable({ chains }: { chains: readonly PoolChain[] }) {
  const { t } = useTranslation();
  return (
    <table className="pool-table" data-testid="pool-table">
      <TableHead headers={[t('pool.table.network'), t('pool.table.token'), t('pool.table.size'), t('pool.table.drawn'), t('pool.table.mine'), t('pool.table.share')]} />
      <tbody>
        {chains.flatMap((c) =>
          c.error
            ? [
                <tr key={c.chain_id}>
                  <th scope="row">{c.name}</th>
                  <td colSpan={5} className="muted">
                    {t('pool.chainError')}
                  </td>
                </tr>,
              ]
            : c.tokens.map((tok) => (
                <tr key={`${c.chain_id}:${tok.symbol}`} data-testid={`pool-row-${c.chain_id}-${tok.symbol}`}>
                  <th scope="row">{c.name}</th>
                  <td>{tok.symbol}</td>
                  <td data-testid="pool-size">{showAmount(tok.total, tok.decimals)}</td>
                  <td>{showAmount(tok.owed, tok.decimals)}</td>
                  <td data-testid="pool-mine">{showAmount(tok.mine, tok.decimals)}</td>
                  <td data-testid="pool-share">{showShare(tok.share_bps)}</td>
                </tr>
              )),
        )}
      </tbody>
    </table>
  );
}
