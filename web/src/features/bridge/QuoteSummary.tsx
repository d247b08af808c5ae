import { useTranslation } from 'react-i18next';
import type { Quote } from '@/api/bridge';
import { formatAmount, unitsToRaw } from '@/features/tx/amount';
import { formatDuration } from './duration';
import { usdValue } from './usd';

/** A cross-asset route charges its fee in the token sent and the network cost in the token paid: only a same-token fee adds up. */
function feeTotal(quote: Quote, cross: boolean, decimals: number): string {
  if (cross) return quote.bridge_fee;
  return formatAmount((unitsToRaw(quote.bridge_fee, decimals) ?? 0n) + (unitsToRaw(quote.dtc, decimals) ?? 0n), decimals, decimals);
}

/** What the quote says: received amount (after a destination swap), fee, expected time. */
/** An amount's dollar value, on its own line beneath it (nothing when there is no price). */
function Usd({ amount, token, prices, testId }: { amount: string; token: string; prices: ReadonlyMap<string, number>; testId: string }) {
  const { t } = useTranslation();
  const value = usdValue(amount, token, prices);
  return value ? (
    <span className="quote__usd muted small" data-testid={testId}>
      {t('bridge.usdValue', { value })}
    </span>
  ) : null;
}

export function QuoteSummary({
  quote,
  state,
  token,
  receiveToken,
  decimals,
  prices = new Map(),
}: {
  quote: Quote | undefined;
  state: string;
  token: string;
  receiveToken: string;
  decimals: number;
  /** USD per whole token by upper-case symbol. */
  prices?: ReadonlyMap<string, number>;
}) {
  const { t } = useTranslation();
  const time = quote ? formatDuration(quote.expected_seconds) : null;
  const cross = !!quote?.receive_token && quote.receive_token !== token;
  const dstSwap = quote?.swap ?? null;
  const paid = quote?.receive_token ?? receiveToken;
  return (
    <>
      <dl className="quote" data-testid="bridge-quote" data-state={state}>
        <div>
          <dt>{t('bridge.receive')}</dt>
          <dd>
            <span data-testid="quote-receive">{dstSwap ? `${dstSwap.receive_amount} ${dstSwap.token_out.symbol}` : quote ? `${quote.receive_amount} ${paid}` : t('common.none')}</span>
            {quote ? <Usd amount={dstSwap ? dstSwap.receive_amount : quote.receive_amount} token={dstSwap ? dstSwap.token_out.symbol : paid} prices={prices} testId="quote-receive-usd" /> : null}
          </dd>
        </div>
        {dstSwap ? (
          <>
            <div>
              <dt>{t('bridge.minReceived')}</dt>
              <dd data-testid="quote-min-received">{`${dstSwap.min_out} ${dstSwap.token_out.symbol}`}</dd>
            </div>
            <div>
              <dt>{t('bridge.destinationSwap')}</dt>
              <dd data-testid="quote-swap">{t('bridge.swapValue', { amount: quote?.receive_amount ?? '', token, out: dstSwap.token_out.symbol, route: dstSwap.route_summary })}</dd>
            </div>
            {dstSwap.gas_fee ? (
              <div>
                <dt>{t('bridge.swapGas')}</dt>
                <dd data-testid="quote-swap-gas">{`${dstSwap.gas_fee} ${token}`}</dd>
              </div>
            ) : null}
          </>
        ) : null}
        <div>
          <dt>{t('bridge.fee')}</dt>
          <dd>
            <span data-testid="quote-fee">
              {quote
                ? t('bridge.feeValue', { total: feeTotal(quote, cross, decimals), token, bps: quote.bridge_fee_bps, fee: quote.bridge_fee, dtc: cross ? `${quote.dtc} ${paid}` : quote.dtc })
                : t('common.none')}
            </span>
            {quote && !cross ? <Usd amount={feeTotal(quote, cross, decimals)} token={token} prices={prices} testId="quote-fee-usd" /> : null}
          </dd>
        </div>
        <div>
          <dt>{t('bridge.estimatedTime')}</dt>
          <dd data-testid="quote-time">{time ? t(`bridge.time.${time.unit}`, { count: time.value }) : t('common.none')}</dd>
        </div>
      </dl>
      {dstSwap ? (
        <p className="muted small" data-testid="quote-swap-note">
          {t('bridge.swapNote', { min: dstSwap.min_out, token: dstSwap.token_out.symbol })}
        </p>
      ) : null}
    </>
  );
}
