import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PoolChain } from '@/api/pool';
import { parsePoolAmount, showAmount } from './amounts';
import { usePoolAction } from './usePoolAction';
import { useTokenBalance } from '@/wallet/useTokenBalance';
import { FormError } from '@/components/FormError';

interface Props {
  chains: readonly PoolChain[];
  address: string;
}

/** A labelled choice of one of `options` (network, token). */
function Picker({ id, label, value, onChange, options }: { id: string; label: string; value: string | number; onChange: (value: string) => void; options: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** Deposit into or withdraw from the pool on one chain, through the connected wallet. */
export function PoolForm({ chains, address }: Props) {
  const { t } = useTranslation();
  const usable = chains.filter((c) => !c.error && c.tokens.length > 0);
  const [action, setAction] = useState<'deposit' | 'withdraw'>('deposit');
  const [chainId, setChainId] = useState<number>(usable[0]?.chain_id ?? 0);
  const [symbol, setSymbol] = useState('ETH');
  const [text, setText] = useState('');
  const { run, phase, error } = usePoolAction();
  const chain = usable.find((c) => c.chain_id === chainId) ?? usable[0];
  const token = chain?.tokens.find((x) => x.symbol === symbol) ?? chain?.tokens[0];
  const held = useTokenBalance(address, chain?.chain_id, token?.token);
  const max = useMemo(() => {
    if (!chain || !token) return 0n;
    if (action === 'withdraw') {
      const mine = BigInt(token.mine);
      const available = BigInt(token.available);
      return mine < available ? mine : available;
    }
    return held.data ?? 0n;
  }, [action, chain, token, held.data]);
  if (!chain || !token) return <p className="muted">{t('pool.noChains')}</p>;
  const parsed = parsePoolAmount(text, token.decimals, max);
  const busy = phase !== 'idle';
  const submit = async () => {
    if (!('value' in parsed)) return;
    if (await run({ action, chainId: chain.chain_id, pool: chain.contract, token: token.token, amount: parsed.value }, () => setText(''))) await held.refetch();
  };
  return (
    <form
      className="pool-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="pool-form__fields" disabled={busy}>
        <div className="pool-form__tabs" role="radiogroup" aria-label={t('pool.form.action')}>
          {(['deposit', 'withdraw'] as const).map((a) => (
            <label key={a} className={`pool-form__tab${action === a ? ' pool-form__tab--active' : ''}`}>
              <input type="radio" name="pool-action" value={a} checked={action === a} onChange={() => setAction(a)} />
              {t(`pool.form.${a}`)}
            </label>
          ))}
        </div>
        <Picker id="pool-chain" label={t('pool.table.network')} value={chain.chain_id} onChange={(v) => setChainId(Number(v))} options={usable.map((c) => ({ value: c.chain_id, label: c.name }))} />
        <Picker id="pool-token" label={t('pool.table.token')} value={token.symbol} onChange={setSymbol} options={chain.tokens.map((x) => ({ value: x.symbol, label: x.symbol }))} />
        <label className="field-label" htmlFor="pool-amount">
          {t('pool.form.amount')}
        </label>
        <input
          id="pool-amount"
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={text !== '' && !('value' in parsed)}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="muted small" data-testid="pool-max">
          {t(action === 'deposit' ? 'pool.form.walletHas' : 'pool.form.canWithdraw', { amount: showAmount(max, token.decimals), symbol: token.symbol })}
        </p>
        {text !== '' && 'error' in parsed ? <p className="form-error">{t(`pool.form.errors.${parsed.error}`)}</p> : null}
      </fieldset>
      <button type="submit" className="btn btn--primary btn--block" data-testid="pool-submit" disabled={busy || !('value' in parsed)}>
        {busy ? t(`pool.form.phase.${phase}`) : t(`pool.form.${action}`)}
      </button>
      <FormError>{error}</FormError>
    </form>
  );
}
