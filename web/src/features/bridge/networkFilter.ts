import type { Chain } from '@/api/types';

/** Case-insensitive search over searchText; disabled chains excluded; testnets only when asked. */
export function filterNetworks(chains: readonly Chain[], search: string, includeTestnets = false): Chain[] {
  const q = search.trim().toLowerCase();
  return chains
    .filter((c) => !c.disabled && (includeTestnets || !c.is_testnet))
    .filter((c) => q === '' || (c.searchText || `${c.chain_name} ${c.alias_name}`).toLowerCase().includes(q))
    .sort((a, b) => a.order - b.order);
}
