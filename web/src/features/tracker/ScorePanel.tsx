import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { getScore, scoreQueryKey, type Score } from '@/api/tracker';
import { Card } from '@/components/Card';
import { LoadState } from '@/components/LoadState';
import { useWalletStore } from '@/wallet/store';
import { ADDRESS_ERROR_KEYS, addressesFromSearch, splitAddresses, validateAddresses, type AddressInputError } from './addresses';
import { PROGRAM_CHAINS, type TrackerSubpage } from './programs';
import { BridgeToButton } from '@/features/network-list/BridgeToButton';
import { useTrackerForm } from './trackerStore';
import './tracker.css';
import { formatNumber } from '@/lib/format';
import { FormError } from '@/components/FormError';
import { CardForm } from '@/components/CardForm';

/** A programme page (/tracker/soneium-og, ...): the address's score, rank, rules and what would raise it. */
export function ScorePanel({ program }: { program: TrackerSubpage }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wallet = useWalletStore((s) => s.address);
  const address = useMemo(() => addressesFromSearch(`?${params.toString()}`)[0] ?? wallet ?? '', [params, wallet]);
  const score = useQuery({
    queryKey: scoreQueryKey(program, address),
    queryFn: ({ signal }) => getScore(program, address, signal),
    enabled: address !== '',
    staleTime: 30_000,
    retry: false,
  });
  const chain = PROGRAM_CHAINS[program];
  const notIndexed = score.error instanceof ApiError && score.error.status === 409;
  return (
    <>
      <ScoreForm shown={address} onSubmit={(a) => setParams({ address: a }, { replace: true })} />
      {notIndexed ? (
        <p className="form-error" role="alert" data-testid="score-not-indexed">
          {t('trackerPages.score.notIndexed', { chain: chain.name })}
        </p>
      ) : (
        <LoadState query={score} />
      )}
      {score.data ? <ScoreCard score={score.data} /> : null}
      <BridgeButton chainId={chain.chainId} name={chain.name} />
    </>
  );
}

function ScoreForm({ shown, onSubmit }: { shown: string; onSubmit: (address: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useTrackerForm((s) => s.input);
  const setInput = useTrackerForm((s) => s.setInput);
  const [error, setError] = useState<AddressInputError | null>(null);
  // One address here: from /tracker's several, keep the first; an empty box takes the shown one.
  useEffect(() => {
    const typed = splitAddresses(useTrackerForm.getState().input);
    if (typed.length > 1) setInput(typed[0] ?? '');
    else if (typed.length === 0 && shown !== '') setInput(shown);
  }, [shown, setInput]);
  return (
    <CardForm
      className="inline-form"
      onSubmit={() => {
        const v = validateAddresses(input, 1);
        if (!v.ok) {
          setError(v.error);
          return;
        }
        setError(null);
        onSubmit(v.addresses[0] ?? '');
      }}
      below={<FormError>{error ? t(error === 'tooMany' ? 'trackerPages.score.oneAddress' : ADDRESS_ERROR_KEYS[error]) : null}</FormError>}
    >
      <input
        id={inputId}
        className="input"
        value={input}
        spellCheck={false}
        onChange={(e) => setInput(e.target.value)}
        placeholder={t('tracker.addressPlaceholder')}
        aria-label={t('tracker.addressPlaceholder')}
      />
      <button type="submit" className="btn btn--primary">
        {t('tracker.check')}
      </button>
    </CardForm>
  );
}

const RULE_LABELS = [
  'tx',
  'tx_count',
  'active_days',
  'active_weeks',
  'active_months',
  'contracts',
  'contracts_deployed',
  'volume_usd',
  'gas_spent',
  'bridge_deposits',
  'bridge_payouts',
  'bridged_volume_usd',
  'eth_days',
] as const;
type RuleLabel = (typeof RULE_LABELS)[number];
const isRuleLabel = (key: string): key is RuleLabel => (RULE_LABELS as readonly string[]).includes(key);

/** A rule's words; a rule this app has no words for shows its id. */
const ruleLabel = (t: TFunction, key: string): string => (isRuleLabel(key) ? t(`trackerPages.rules.${key}`) : key);

function ScoreCard({ score }: { score: Score }) {
  const { t } = useTranslation();
  return (
    <div className="stat-grid">
      <Card title={t('trackerPages.score.title', { title: score.title })}>
        <p className="score-value" data-testid="score-value">
          {formatNumber(score.score)}
        </p>
        <p className="muted" data-testid="score-rank">
          {score.rank > 0 ? t('trackerPages.score.rank', { rank: score.rank, of: score.of }) : t('trackerPages.score.unranked', { of: score.of })}
        </p>
      </Card>
      <Card title={t('trackerPages.score.rulesTitle')} className="table-card">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('trackerPages.score.rule')}</th>
              <th scope="col" className="num">
                {t('trackerPages.score.value')}
              </th>
              <th scope="col" className="num">
                {t('trackerPages.score.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {score.rules.map((r) => (
              <tr key={r.id}>
                <td>{ruleLabel(t, r.label_key)}</td>
                <td className="num">{formatNumber(r.value)}</td>
                <td className="num">{formatNumber(r.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title={t('trackerPages.score.nextTitle')}>
        {score.next.length === 0 ? (
          <p className="muted">{t('trackerPages.score.nextNone')}</p>
        ) : (
          <ul data-testid="score-next">
            {score.next.map((n) => (
              <li key={n.id}>{t('trackerPages.score.nextItem', { rule: ruleLabel(t, n.label_key), gain: formatNumber(n.gain) })}</li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** Its chain's "Bridge to X": offered only when a route reaches X here (the airdrop buttons' rule). */
function BridgeButton({ chainId, name }: { chainId: number; name: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BridgeToButton chainId={chainId} name={name} label={t('airdrop.bridgeTo', { name })} className="btn btn--primary" />
    </Card>
  );
}
