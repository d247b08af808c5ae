import { defineChain, type Chain as ViemChain } from 'viem';
import type { Chain } from '@/api/types';

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
  });
}

export function evmChains(list: readonly Chain[]): ViemChain[] {
  return list.filter((c) => c.flags?.evm && !c.disabled).map(toViemChain);
}

/** First public-or-default http url: the one added to the wallet and used as the transport. */
export function firstRpcUrl(chain: ViemChain): string | undefined {
  return chain.rpcUrls.public?.http[0] ?? chain.rpcUrls.default.http[0];
}
