import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import { orderReceived } from '@/api/bridge';
import type { Chain } from '@/api/types';
import { TxLink } from '@/components/TxLink';
import { formatAmount } from '@/features/tx/amount';
import type { ActiveDeposit } from '@/state/bridgeFormStore';
import { trackerView, type TrackerStep, type TrackerView } from './trackerSteps';
import { useOrderTracking } from './useOrderTracking';
import { formatTime } from '@/lib/format';
import { StepDot } from '@/features/tx/StepDot';

/** The line that ends a deposit's story: what arrived, why it was refunded, dropped (nothing owed), rejected or failed. */
function outcomeText(t: TFunction, view: TrackerView, received: string, receivedToken: string): string {
  const reason = view.reason || t('common.none');
  if (view.outcome === 'completed') return t('bridge.tracker.completed', { amount: received, token: receivedToken });
  if (view.outcome === 'refunded') return t('bridge.tracker.refunded', { reason });
  if (view.outcome === 'dropped') return t('bridge.tracker.dropped');
  if (view.outcome === 'rejected') return t('bridge.tracker.rejected', { reason });
  return t('bridge.tracker.failed', { reason });
}

function StepRow({ step, chains }: { step: TrackerStep; chains: readonly Chain[] | undefined }) {
  const { t } = useTranslation();
  const label = t(`bridge.tracker.steps.${step.id}`);
  return (
    <li className={`tracker-step tracker-step--${step.status}`} data-testid={`step-${step.id}`} data-status={step.status}>
      <StepDot state={step.status === 'pending' ? 'idle' : step.status} />
      <span className="tracker-step__label">
        {label}
        <span className="visually-hidden"> ({t(`bridge.tracker.status.${step.status}`)})</span>
      </span>
      {step.at ? <time className="muted small">{formatTime(step.at)}</time> : null}
      {step.tx ? <TxLink chains={chains} chainId={step.tx.chainId} hash={step.tx.hash} label={t('bridge.tracker.txOf', { step: label })} /> : null}
    </li>
  );
}

/** The step tracker of a sent deposit (live through the order stream, polling as a fallback). */
export function BridgeTracker({ deposit, onClose }: { deposit: ActiveDeposit; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: chains } = useQuery(chainsQuery());
  const { order } = useOrderTracking(deposit.srcChainId, deposit.txHash);
  const view = trackerView(deposit.srcChainId, deposit.txHash, order);
  const name = (id: number): string => chains?.find((c) => c.chain_id === id)?.chain_name ?? String(id);
  // Bridge and swap: the swapped token and what the swap delivered (both tokens are shown).
  const got = order ? orderReceived(order) : null;
  const received = got ? formatAmount(got.raw, got.decimals, got.decimals) : deposit.receive;
  const receivedToken = got?.token || deposit.toToken?.symbol || deposit.token;
  const sent = order ? formatAmount(order.amount, order.decimals, order.decimals) : deposit.amount;
  const swapTo = order?.swap?.token || deposit.toToken?.symbol || '';
  // A rejected or failed deposit is an alert; the other endings are a status.
  const needsAttention = view.outcome === 'failed' || view.outcome === 'rejected';
  return (
    <section className="tracker" aria-label={t('bridge.tracker.title')} data-testid="bridge-tracker" data-outcome={view.outcome}>
      <h3 className="card__title">{t('bridge.tracker.title')}</h3>
      <p className="muted small" data-testid="tracker-summary">
        {t(swapTo ? 'bridge.tracker.summarySwap' : 'bridge.tracker.summary', {
          amount: sent,
          token: deposit.token,
          out: swapTo,
          from: name(deposit.srcChainId),
          to: deposit.exchange ? `${deposit.exchange} (${name(deposit.dstChainId)})` : name(deposit.dstChainId),
        })}
      </p>
      <ol className="tracker__steps">
        {view.steps.map((s) => (
          <StepRow key={s.id} step={s} chains={chains} />
        ))}
      </ol>
      {view.outcome !== 'pending' ? (
        <p className={needsAttention ? 'form-error' : 'tracker__result'} role={needsAttention ? 'alert' : 'status'} data-testid="tracker-result">
          {outcomeText(t, view, received, receivedToken)}
        </p>
      ) : null}
      {view.outcome === 'pending' && order?.state === 'refunding' && view.reason ? (
        <p className="muted small">{t('bridge.tracker.refunding', { reason: view.reason })}</p>
      ) : null}
      <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
        {view.final ? t('bridge.tracker.newBridge') : t('bridge.tracker.hide')}
      </button>
    </section>
  );
}
