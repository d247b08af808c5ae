import { useTranslation } from 'react-i18next';
import { TxHash } from '@/components/TxLink';
import type { FaucetClaim } from '@/api/faucet';
import type { Chain } from '@/api/types';
import { explorerLink, shortHex } from '@/features/deploy/networks';
import { formatTokenAmount } from '@/lib/format';

interface Props {
  claims: readonly FaucetClaim[];
  chains: ReadonlyMap<number, Chain>;
  /** Name and coin of each faucet, by slug. */
  faucets: ReadonlyMap<string, { name: string; symbol: string; decimals: number }>;
}

/** The wallet's claims, newest first, with where each one is: queued, sending, sent, failed. */
export function FaucetClaims({ claims, chains, faucets }: Props) {
  const { t } = useTranslation();
  if (claims.length === 0) return <p className="muted">{t('faucet.claims.empty')}</p>;
  return (
    <ul className="row-list" data-testid="faucet-claims">
      {claims.map((c) => {
        const faucet = faucets.get(c.slug);
        const tx = c.tx_hash ? explorerLink(chains.get(c.chain_id), 'tx', c.tx_hash) : null;
        return (
          <li key={c.id} data-testid={`faucet-claim-${c.id}`} data-status={c.status}>
            <span>{faucet?.name ?? c.slug}</span>
            <span>
              {formatTokenAmount(c.amount, faucet?.decimals ?? 18, faucet?.symbol)}
            </span>
            <span className={c.status === 'done' ? 'tag tag--good' : c.status === 'failed' ? 'tag tag--bad' : 'tag tag--muted'}>
              {c.status === 'queued' ? t('faucet.claims.queued', { position: c.queue_position }) : t(`faucet.claims.${c.status}`)}
            </span>
            {c.tx_hash ? (
              <TxHash url={tx} hash={c.tx_hash} label={t('deploy.transaction')} className="">
                {shortHex(c.tx_hash)}
              </TxHash>
            ) : null}
            {c.status === 'failed' && c.error ? <span className="form-error">{c.error}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
