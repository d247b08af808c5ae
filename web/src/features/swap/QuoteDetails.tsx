import { useTranslation } from 'react-i18next';
import type { SwapQuote } from '@/api/swap';
import { formatBpsPercent } from '@/lib/format';
import { displayAmount, displayRaw, exchangeRate, impactLevel, routeLegLabel, type RouteFormat } from './format';

interface Props {
  quote: SwapQuote | undefined;
  /** The minimum received at the slippage the swap will be sent with (auto may differ from the quote's). */
  minOutWei?: bigint;
  state: string;
  symbolOf: (address: string) => string | undefined;
  nativeSymbol: string;
}

/** Rate, price impact (coloured), minimum received, network cost and the route split. */
export function QuoteDetails({ quote, minOutWei, state, symbolOf, nativeSymbol }: Props) {
  const { t } = useTranslation();
  const none = t('common.none');
  const level = quote ? impactLevel(quote.price_impact_bps) : 'low';
  const outSym = quote?.token_out.symbol ?? '';
  const routeFormat: RouteFormat = {
    leg: (share, path) => t('swap.route.leg', { share, path }),
    hopFee: (venue, fee) => t('swap.route.hopFee', { venue, fee }),
    via: (path, tokens) => t('swap.route.via', { path, tokens }),
  };
  return (
    <div className="swap-quote" data-testid="swap-quote" data-state={state}>
      <dl className="quote">
        <div>
          <dt>{t('swap.rate')}</dt>
          <dd data-testid="swap-rate">{quote ? t('swap.rateValue', { in: quote.token_in.symbol, rate: exchangeRate(quote), out: outSym }) : none}</dd>
        </div>
        <div>
          <dt>{t('swap.priceImpact')}</dt>
          <dd data-testid="swap-impact" data-level={quote ? level : undefined} className={`swap-impact swap-impact--${level}`}>
            {quote ? formatBpsPercent(quote.price_impact_bps) : none}
          </dd>
        </div>
        <div>
          <dt>{t('swap.minReceived')}</dt>
          <dd data-testid="swap-min-received">{quote ? `${displayRaw(minOutWei ?? quote.min_out_wei, quote.token_out.decimals)} ${outSym}` : none}</dd>
        </div>
        <div>
          <dt>{t('swap.networkCost')}</dt>
          <dd data-testid="swap-network-cost">
            {quote
              ? t('swap.networkCostValue', { cost: displayRaw(quote.gas.cost_wei, 18), symbol: nativeSymbol, inOut: displayAmount(quote.gas.cost_in_out), out: outSym })
              : none}
          </dd>
        </div>
      </dl>
      {quote && quote.route.length > 0 ? (
        <div className="swap-route">
          <span className="field-label">{t('swap.route.title')}</span>
          <ul className="swap-route__legs" data-testid="swap-route">
            {quote.route.map((leg, i) => (
              <li key={i} data-testid="swap-route-leg">
                {routeLegLabel(leg, symbolOf, routeFormat)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {level === 'warn' ? (
        <p className="swap-warning small" role="status" data-testid="swap-impact-warning">
          {t('swap.impactWarn')}
        </p>
      ) : null}
      {level === 'blocked' ? (
        <p className="form-error small" role="alert" data-testid="swap-impact-warning">
          {t('swap.impactBlocked')}
        </p>
      ) : null}
    </div>
  );
}
