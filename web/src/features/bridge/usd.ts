import type { PortfolioBalances } from '@/api/portfolio';
import { formatUsdValue } from '@/lib/format';

/** Dollar values of the bridge card: the server's prices (the portfolio's price table), looked up by symbol. */

/** USD per whole token by upper-case symbol, from the portfolio answers of one or more chains (the first price found wins). */
export function pricesBySymbol(answers: readonly (PortfolioBalances | undefined)[]): Map<string, number> {
  const prices = new Map<string, number>();
  for (const answer of answers) {
    for (const chain of answer?.chains ?? []) {
      for (const token of chain.tokens) {
        const key = token.symbol.toUpperCase();
        if (token.price_usd !== null && token.price_usd > 0 && !prices.has(key)) prices.set(key, token.price_usd);
      }
    }
  }
  return prices;
}

/** '$1,234.56' for an amount of a token ('0.01', 'ETH'), '<$0.01' for dust, null when the amount or the price is unknown. */
export function usdValue(amount: string, symbol: string, prices: ReadonlyMap<string, number>): string | null {
  const price = prices.get(symbol.toUpperCase());
  const units = Number(amount.replace(/,/g, ''));
  if (price === undefined || amount.trim() === '' || !Number.isFinite(units) || units < 0) return null;
  return formatUsdValue(units * price);
}
