import type { AppConfig } from '@/api/appConfig';
import type { Chain } from '@/api/types';
import { networkAvailability } from '@/features/network-list/availability';

/**
 * The networks /deploy offers: EVM chains of the list that are enabled, have an RPC, and that this
 * deployment can record a deployment on (its server reads the receipt there). Not the others: a
 * long list of networks that would each fail after the wallet signed helps nobody.
 */
export function deployNetworks(chains: readonly Chain[], config: AppConfig | undefined): Chain[] {
  return chains.filter((c) => c.flags?.evm && !c.disabled && (c.rpc_urls ?? []).length > 0 && networkAvailability('deploy', c, { config }).offered);
}

export function explorerLink(chain: Chain | undefined, kind: 'tx' | 'address', value: string): string | null {
  const base = chain?.explorer_url?.replace(/\/+$/, '');
  return base ? `${base}/${kind}/${value}` : null;
}

export const shortHex = (value: string): string => (value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value);
