import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zeroAddress } from 'viem';
import { faucetClaimsQueryKey, faucetsQueryKey, getFaucetClaims, getFaucets, type Faucet, type FaucetSlug } from '@/api/faucet';
import { chainsQuery } from '@/api/queries';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { FaucetClaims } from '@/features/faucet/FaucetClaims';
import { useFaucetClaim } from '@/features/faucet/useFaucetClaim';
import { anyPending, waitCause, waitParts } from '@/features/faucet/wait';
import { defaultFaucet } from '@/features/faucet/choice';
import { useWalletStore } from '@/wallet/store';
import { useTokenBalance } from '@/wallet/useTokenBalance';
import '@/features/faucet/faucet.css';
import { formatDecimalAmount, formatTokenAmount } from '@/lib/format';
import { FormError } from '@/components/FormError';
import { ClaimButton } from '@/components/ClaimButton';

/** The faucet routes: every faucet, or a network's (its coin, and any token faucet on it). */
export type FaucetKind = 'all' | 'ink' | 'ip' | 'monad';

const ofKind = (kind: FaucetKind, slug: string): boolean => kind === 'all' || slug === kind || slug.startsWith(`${kind}-`);

type ButtonState = 'connect' | 'loading' | 'unavailable' | 'empty' | 'wait' | 'waitConnection' | 'claiming' | 'claim';

function buttonState(address: string, faucet: Faucet | undefined, busy: boolean): ButtonState {
  if (!address) return 'connect';
  if (!faucet) return 'loading';
  if (!faucet.available) return 'unavailable';
  if (faucet.wait_seconds > 0) return 'wait';
  if (faucet.empty) return 'empty';
  return busy ? 'claiming' : 'claim';
}

/** /faucet (every network), /Faucet/Ink, /Faucet/IP, /Faucet/Monad (that network preselected). */
export default function FaucetPage({ kind }: { kind: FaucetKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const address = useWalletStore((s) => s.address);
  const [chosen, setPicked] = useState<FaucetSlug | null>(null);
  const faucets = useQuery({ queryKey: faucetsQueryKey(address), queryFn: ({ signal }) => getFaucets(address, signal) });
  const claims = useQuery({
    queryKey: faucetClaimsQueryKey(address),
    queryFn: ({ signal }) => getFaucetClaims(address, signal),
    enabled: Boolean(address),
    refetchInterval: (q) => (anyPending((q.state.data?.list ?? []).map((c) => c.status)) ? 1_000 : false),
  });
  const chains = useQuery(chainsQuery());
  const chainMap = useMemo(() => new Map((chains.data ?? []).map((c) => [c.chain_id, c])), [chains.data]);
  const offered = (faucets.data?.list ?? []).filter((f) => ofKind(kind, f.slug));
  const picked = chosen ?? defaultFaucet(offered, kind === 'all' ? 'ink' : kind);
  const faucet = offered.find((f) => f.slug === picked);
  const balance = useTokenBalance(address, faucet?.chain_id, faucet ? faucet.token || zeroAddress : undefined);
  const { claim, busy, error } = useFaucetClaim();
  const windowHours = faucets.data?.window_hours ?? 24;
  const base = buttonState(address, faucet, busy);
  // "Already claimed" beside "No claims yet" reads as a bug: say whose claim it was.
  const state: ButtonState = base === 'wait' && waitCause(picked, claims.data?.list, windowHours, Math.floor(Date.now() / 1000)) === 'connection' ? 'waitConnection' : base;
  const wait = faucet ? waitParts(faucet.wait_seconds) : null;

  // A claim that arrived moves the balance: read it again at once.
  const doneCount = claims.data?.list.filter((c) => c.status === 'done').length ?? 0;
  useEffect(() => {
    if (doneCount > 0) void queryClient.invalidateQueries({ queryKey: ['token-balance'] });
  }, [doneCount, queryClient]);

  const title = kind === 'all' ? t('faucet.title') : t(`faucet.${kind}`);
  const names = useMemo(() => new Map((faucets.data?.list ?? []).map((f) => [f.slug, f])), [faucets.data]);
  return (
    <Page title={title} subtitle={t('faucet.subtitle')} layout="narrow">
      <Card>
        {offered.length > 1 ? (
          <div className="faucet-field">
            <label className="field-label" htmlFor="faucet-network">
              {t('faucet.pick')}
            </label>
            <select id="faucet-network" className="input" value={picked} onChange={(e) => setPicked(e.target.value as FaucetSlug)}>
              {/* A faucet this deployment cannot run is listed, disabled, so the choice says why it is missing. */}
              {offered.map((f) => (
                <option key={f.slug} value={f.slug} disabled={!f.available}>
                  {f.available ? f.name : t('availability.faucetOption', { name: f.name })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {faucets.isError ? <p className="form-error">{t('faucet.loadError')}</p> : null}
        {faucet ? (
          <dl className="faucet-summary" data-testid="faucet-summary">
            <dt>{t('faucet.network')}</dt>
            <dd>{faucet.name}</dd>
            <dt>{t('faucet.amount')}</dt>
            <dd data-testid="faucet-amount">
              {formatDecimalAmount(faucet.amount, faucet.symbol)}
            </dd>
            {address ? (
              <>
                <dt>{t('faucet.yourBalance')}</dt>
                <dd data-testid="faucet-balance">
                  {balance.data !== undefined ? formatTokenAmount(balance.data, faucet.decimals, faucet.symbol) : '…'}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <ClaimButton state={state} testId="faucet-claim" label={t(`faucet.button.${state}`)} onClaim={() => void claim(picked)} />
        {state === 'unavailable' && faucet ? <p className="muted">{faucet.unavailable_reason}</p> : null}
        {state === 'empty' && faucet ? <p className="muted">{t('faucet.emptyNote', { name: faucet.name })}</p> : null}
        {(state === 'wait' || state === 'waitConnection') && wait ? (
          <p className="muted" data-testid="faucet-wait" data-cause={state === 'wait' ? 'wallet' : 'connection'}>
            {t(state === 'wait' ? 'faucet.waitNote' : 'faucet.waitConnectionNote', { hours: wait.hours, minutes: wait.minutes })}
          </p>
        ) : null}
        <FormError testId="faucet-error">{error}</FormError>
        <p className="muted small" data-testid="faucet-rules">
          {t('faucet.rules', { window: windowHours })}
        </p>
      </Card>
      {address ? (
        <Card title={t('faucet.claims.title')}>
          {claims.data ? <FaucetClaims claims={claims.data.list} chains={chainMap} faucets={names} /> : null}
        </Card>
      ) : null}
    </Page>
  );
}
