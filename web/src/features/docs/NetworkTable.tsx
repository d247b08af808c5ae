import { useQuery } from '@tanstack/react-query';
import { chainsQuery, tokensQuery } from '@/api/queries';
import type { DocsT } from './useDocsT';
import { DocsTable } from './DocsTable';

/** Supported networks and their tokens, from the server's catalog (the app's own queries). */
export function NetworkTable({ t }: { t: DocsT }) {
  const chains = useQuery(chainsQuery());
  const tokens = useQuery(tokensQuery());
  if (chains.isError || tokens.isError) return <p role="alert">{t('loadError')}</p>;
  if (!chains.data || !tokens.data) return <p>{t('loading')}</p>;
  const list = chains.data.filter((c) => !c.disabled);
  const symbolsOn = (id: number) => [...new Set(tokens.data.filter((tk) => tk.chainId === id).map((tk) => tk.symbol))].join(', ');
  return (
    <>
      <p>{t('networks.count', { count: list.length })}</p>
      <DocsTable headers={[t('networks.network'), t('networks.chainId'), t('networks.tokens')]} testId="networks-table">
        {list.map((c) => (
          <tr key={c.chain_id}>
            <td>{c.chain_name}</td>
            <td>{c.chain_id}</td>
            <td>{symbolsOn(c.chain_id) || t('networks.none')}</td>
          </tr>
        ))}
      </DocsTable>
    </>
  );
}
