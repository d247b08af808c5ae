import { defineChain, type Chain as ViemChain } from 'viem';
import type { Chain } from '@/api/types';

/**
 * The block time assumed for a chain whose config gives none: most chains the app lists are rollups
 * with 1-2 s blocks, and viem's own assumption (12 s, so a 4 s poll) makes every wallet action on them
 * wait seconds after its block. Polling faster than a slow chain needs only costs a few cheap calls
 * while a receipt is awaited.
 */
export const FALLBACK_BLOCK_TIME_MS = 1000;

/** viem's bounds: never below 500 ms (a request storm on very fast chains), never above 4 s. */
const MIN_POLL_MS = 500;
const MAX_POLL_MS = 4000;

/** Receipts and blocks are polled twice a block, so a transaction is seen within a block of its inclusion. */
export function pollingIntervalMs(blockTimeMs: number | undefined): number {
  const bt = blockTimeMs !== undefined && Number.isFinite(blockTimeMs) && blockTimeMs > 0 ? blockTimeMs : FALLBACK_BLOCK_TIME_MS;
  return Math.min(Math.max(Math.floor(bt / 2), MIN_POLL_MS), MAX_POLL_MS);
}

/** The EVM chains of the server list (flags.evm, not disabled) as viem chain definitions for wagmi. */
export function toViemChain(c: Chain): ViemChain {
  const urls = (c.rpc_urls ?? []).filter((u) => /^https?:\/\//i.test(u));
  const explorer = c.block_explorers?.[0] ?? (c.explorer_url ? { name: c.alias_name || c.chain_name, url: c.explorer_url } : undefined);
  return defineChain({
    id: c.chain_id,
    name: c.alias_name || c.chain_name,
    nativeCurrency: {
      name: c.native_currency?.name ?? 'Ether',
      symbol: c.native_currency?.symbol ?? 'ETH',
      decimals: c.native_currency?.decimals ?? 18,
    },
    rpcUrls: { default: { http: urls }, public: { http: urls } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    testnet: c.is_testnet,
    blockTime: c.block_time_ms && c.block_time_ms > 0 ? c.block_time_ms : FALLBACK_BLOCK_TIME_MS,
  });
}

export function evmChains(list: readonly Chain[]): ViemChain[] {
  return list.filter((c) => c.flags?.evm && !c.disabled).map(toViemChain);
}

/** First public-or-default http url: the one added to the wallet and used as the transport. */
export function firstRpcUrl(chain: ViemChain): string | undefined {
  return chain.rpcUrls.public?.http[0] ?? chain.rpcUrls.default.http[0];
}
