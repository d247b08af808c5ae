import type { Exchange, ExchangeDeposit } from '@/api/types';
import { parseAmount } from '@/features/tx/amount';

/**
 * What each exchange credits (config/exchanges.json `deposits`): the tokens per network it accepts,
 * its minimum deposit, and whether it needs a memo or tag. Funds an exchange does not credit are lost
 * to the user until its support returns them, so the bridge card refuses such a deposit up front.
 */

/** Why an exchange would not credit a token on a network, or null when it would. */
export type ExchangeRefusal = 'notCredited' | 'needsMemo';

export function exchangeDepositOf(exchange: Exchange, token: string, networkId: number): ExchangeDeposit | undefined {
  const symbol = token.toUpperCase();
  return exchange.deposits.find((d) => d.chain_id === networkId && d.token.toUpperCase() === symbol);
}

/** A bridge payout is a plain transfer: it cannot carry the memo or tag some exchanges need. */
export function exchangeRefusal(exchange: Exchange, token: string, networkId: number): ExchangeRefusal | null {
  const deposit = exchangeDepositOf(exchange, token, networkId);
  if (!deposit) return 'notCredited';
  return deposit.memo ? 'needsMemo' : null;
}

/** Whether the exchange credits the token on at least one of the networks. */
export function exchangeCreditsToken(exchange: Exchange, token: string, networkIds: readonly number[]): boolean {
  return networkIds.some((id) => exchangeRefusal(exchange, token, id) === null);
}

/** The exchange's minimum deposit of the token on the network, in the token's smallest unit. */
export function exchangeMinimum(exchange: Exchange, token: string, networkId: number, decimals: number): bigint | undefined {
  const deposit = exchangeDepositOf(exchange, token, networkId);
  if (!deposit) return undefined;
  const parsed = parseAmount(deposit.min, decimals);
  return parsed.kind === 'ok' ? parsed.raw : undefined;
}
