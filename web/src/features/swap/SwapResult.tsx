import { useTranslation } from 'react-i18next';
import { TxHash } from '@/components/TxLink';
import { TxSteps } from '@/features/tx/TxSteps';
import { explorerTxUrl } from '@/lib/explorer';
import { displayAmount } from './format';
import type { SwapOutcome } from './executeSwap';
import { swapStepsDone } from './swapSteps';

function TxLink({ url, hash, label, testId }: { url: string; hash: string; label: string; testId: string }) {
  return (
    <TxHash url={url} hash={hash} label={label} testId={testId} className="btn btn--ghost btn--sm">
      {label}
    </TxHash>
  );
}

/** The mined swap: what was paid and received (read from the Swapped event when possible) and the explorer links. */
export function SwapResult({ outcome, explorer, onNew }: { outcome: SwapOutcome; explorer: string | undefined; onNew: () => void }) {
  const { t } = useTranslation();
  const vars = {
    amountIn: displayAmount(outcome.amountIn),
    tokenIn: outcome.tokenIn.symbol,
    amountOut: displayAmount(outcome.amountOut),
    tokenOut: outcome.tokenOut.symbol,
  };
  return (
    <div className="swap-result" data-testid="swap-result" data-exact={outcome.exact}>
      <h2 className="card__title">{t('swap.result.title')}</h2>
      <p className="swap-result__summary" role="status" data-testid="swap-result-summary">
        {t(outcome.exact ? 'swap.result.summary' : 'swap.result.summaryQuoted', vars)}
      </p>
      <TxSteps
        steps={swapStepsDone(outcome.approveHash !== null).map((s) => ({
          ...s,
          label: s.id === 'approve' ? t('swap.steps.approve', { token: vars.tokenIn }) : t('swap.steps.swap', { in: vars.tokenIn, out: vars.tokenOut }),
        }))}
        testId="swap-steps"
        label={t('swap.steps.title')}
      />
      <div className="swap-result__links">
        {outcome.approveHash ? <TxLink url={explorerTxUrl(explorer, outcome.approveHash)} hash={outcome.approveHash} label={t('swap.result.approveTx')} testId="swap-result-approve-tx" /> : null}
        <TxLink url={explorerTxUrl(explorer, outcome.swapHash)} hash={outcome.swapHash} label={t('swap.result.swapTx')} testId="swap-result-swap-tx" />
      </div>
      <button type="button" className="btn btn--primary btn--block btn--lg" data-testid="swap-new" onClick={onNew}>
        {t('swap.result.newSwap')}
      </button>
    </div>
  );
}
