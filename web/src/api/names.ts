import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from './client';

/**
 * Names for wallet addresses on chains that have a name service (ENS on Ethereum, and the others the
 * lookup covers), resolved by the server so the browser needs no RPC for every chain.
 *
 * The server's answer to GET name_api/v1/names?address=…&chain_ids=1,42161,56,169:
 * `{ names: [{ chain_id, name }] }`, one entry per chain where the address has a primary (reverse)
 * name that resolves forward to the same address; chains without a name are left out.
 */
export interface AddressName {
  chain_id: number;
  name: string;
}

/** The chains whose name services are asked, in order of preference (Ethereum's ENS first). */
export const NAME_CHAIN_IDS: readonly number[] = [1, 42161, 56, 169];

export async function getAddressNames(address: string, chainIds: readonly number[] = NAME_CHAIN_IDS, signal?: AbortSignal): Promise<AddressName[]> {
  try {
    const data = await request<{ names?: AddressName[] } | null>('name_api/v1/names', {
      query: { address, chain_ids: chainIds.join(',') },
      signal,
    });
    return (data?.names ?? []).filter((n) => typeof n.name === 'string' && n.name !== '' && Number.isFinite(n.chain_id));
  } catch (err) {
    // A server without the lookup answers 404: the address simply has no name here.
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** The name to show for an address: the first of `chainIds` (in that order) that has one, else null. */
export function preferredName(names: readonly AddressName[], chainIds: readonly number[] = NAME_CHAIN_IDS): string | null {
  for (const id of chainIds) {
    const hit = names.find((n) => n.chain_id === id);
    if (hit) return hit.name;
  }
  return null;
}

const isEvmAddress = (a: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(a);

export const addressNamesQuery = (address: string) =>
  queryOptions({
    queryKey: ['address-names', address.toLowerCase()],
    queryFn: ({ signal }) => getAddressNames(address, NAME_CHAIN_IDS, signal),
    // Only EVM addresses have these names; a name changes rarely.
    enabled: isEvmAddress(address),
    staleTime: 10 * 60_000,
    retry: false,
  });
