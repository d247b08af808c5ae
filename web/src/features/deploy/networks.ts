import type { AppConfig } from '@/api/appConfig';
import type { Chain } from '@/api/types';
import { networkAvailability, type Availability } from '@/features/network-list/availability';

/**
 * Whether /deploy offers a network: an EVM chain of the list that is enabled, has an RPC, and that
 * this deployment can record a deployment on (its server reads the receipt there).
 */
export function deployAvailability(chain: Chain, config: AppConfig | undefined): Availability {
  if (!chain.flags?.evm || chain.disabled || (chain.rpc_urls ?? []).length === 0) return { offered: false, reason: 'notDeployable' };
  return networkAvailability('deploy', chain, { config });
}

/**
 * The networks /deploy lists: only those it offers. Not the others: a long list of networks that
 * would each fail after the wallet signed helps nobody.
 */
export function deployNetworks(chains: readonly Chain[], config: AppConfig | undefined): Chain[] {
  return chains.filter((c) => deployAvailability(c, config).offered);
}

export function explorerLink(chain: Chain | undefined, kind: 'tx' | 'address', value: string): string | null {
  const base = chain?.explorer_url?.replace(/\/+$/, '');
  return base ? `${base}/${kind}/${value}` : null;
}

export const shortHex = (value: string): string => (value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value);
