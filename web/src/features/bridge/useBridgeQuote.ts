import { useQuery } from '@tanstack/react-query';
import { quoteQuery, type Quote } from '@/api/bridge';
import { ApiError } from '@/api/client';
import { multiBalanceQuery } from '@/features/network-list/balances';
import { useSwapSettings } from '@/features/swap/settingsStore';
import { autoSlippageForQuote, effectiveSlippageBps } from '@/features/swap/slippage';
import { parseAmount, unitsToRaw, type ParsedAmount } from '@/features/tx/amount';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { serverBalanceQuery } from '@/wallet/ecosystems/balances';
import { SOLANA_CHAIN_ID } from './addressRules';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { withSwapSlippage } from './destinationToken';
import type { BridgeRoute } from './useBridgeRoute';

/**
 * Balance of the token on the source network: the multi-balance call for one EVM chain, or for a
 * Solana source the Solana wallet's balance as the server reads it (docs/solana.md, Balances).
 */
export function useBridgeBalance(route: BridgeRoute): bigint | undefined {
  const { fromChainId, token } = useBridgeForm();
  const { walletAddress, fromSolana, solanaAddress } = route.wallets;
  const balanceQ = useQuery({
    ...multiBalanceQuery(walletAddress, fromChainId !== null ? [fromChainId] : [], token),
    enabled: walletAddress !== '' && fromChainId !== null && !!route.fromChain?.flags?.evm,
  });
  const solanaBalanceQ = useQuery({ ...serverBalanceQuery(SOLANA_CHAIN_ID, token, solanaAddress), enabled: fromSolana && solanaAddress !== '' });
  if (fromSolana) return solanaBalanceQ.data ? unitsToRaw(solanaBalanceQ.data.text, route.decimals) : undefined;
  const entry = fromChainId !== null ? balanceQ.data?.[String(fromChainId)] : undefined;
  return entry && entry.status_code === 0 ? unitsToRaw(entry.view_value, route.decimals) : undefined;
}

export interface BridgeQuote {
  quote: Quote | undefined;
  state: 'idle' | 'loading' | 'error' | 'ready';
  /** The server's refusal ('' when none). */
  error: string;
  /** The route's maximum, lowered to the quote's when liquidity is short. */
  max: bigint | undefined;
  /** The destination swap's slippage in force (to send with the deposit): the user's choice, or auto from the swap's quote. */
  slippageBps: number;
  /** Auto slippage for this trade once its destination swap is quoted (what the settings show for Auto). */
  autoSlippageBps: number | undefined;
}

/** The quote: asked for an amount that has settled (300 ms) inside the route's limits; its max also counts liquidity. */
export function useBridgeQuote(route: BridgeRoute, parsed: ParsedAmount, channelId: number | undefined): BridgeQuote {
  const { fromChainId, toChainId, token, amount } = useBridgeForm();
  // The destination swap is asked with the chosen slippage (while auto, the liquid cap); auto then
  // comes from the swap's quoted impact and route, as on the swap page, and its minimum is recomputed.
  const settings = useSwapSettings();
  const askedBps = settings.slippageBps;
  const { limits, decimals, chosenToToken } = route;
  const settled = useDebouncedValue(amount);
  const settledParsed = parseAmount(settled, decimals);
  const inLimits = parsed.kind === 'ok' && parsed.raw > 0n && (!limits || (parsed.raw >= limits.min && parsed.raw <= limits.max));
  const params = {
    fromChainId: fromChainId ?? 0,
    toChainId: toChainId ?? 0,
    token,
    amount: settledParsed.kind === 'ok' ? settledParsed.text : '',
    channel: channelId,
    ...(chosenToToken ? { toToken: chosenToToken, slippageBps: askedBps } : {}),
  };
  const wanted = route.routeOk && inLimits && settled === amount && settledParsed.kind === 'ok';
  const quoteQ = useQuery(quoteQuery(params, wanted));
  const asked = wanted ? quoteQ.data : undefined;
  const autoSlippageBps = chosenToToken ? autoSlippageForQuote(asked?.swap) : undefined;
  const slippageBps = effectiveSlippageBps(settings, asked?.swap);
  const quote = asked?.swap ? { ...asked, swap: withSwapSlippage(asked.swap, slippageBps) } : asked;
  const state = !wanted ? (inLimits ? 'loading' : 'idle') : quoteQ.isError ? 'error' : quote ? 'ready' : 'loading';
  const quoteMax = quote ? unitsToRaw(quote.max, decimals) : undefined;
  const max = limits ? (quoteMax !== undefined && quoteMax < limits.max ? quoteMax : limits.max) : undefined;
  const error = wanted && quoteQ.error ? (quoteQ.error instanceof ApiError ? quoteQ.error.message : String(quoteQ.error)) : '';
  return { quote, state, error, max, slippageBps, autoSlippageBps };
}
