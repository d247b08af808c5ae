import type { Chain } from '@/api/types';

/** The networks /deploy offers: EVM chains of the list that are enabled and have an RPC. */
export function deployNetworks(chains: readonly Chain[]): Chain[] {
  return chains.filter((c) => c.flags?.evm && !c.disabled && (c.rpc_urls ?? []).length > 0);
}

export function explorerLink(chain: Chain | undefined, kind: 'tx' | 'address', value: string): string | null {
  const base = chain?.explorer_url?.replace(/\/+$/, '');
  return base ? `${base}/${kind}/${value}` : null;
}

export const shortHex = (value: string): string => (value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value);
