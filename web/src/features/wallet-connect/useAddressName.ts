import { useQuery } from '@tanstack/react-query';
import { addressNamesQuery, preferredName } from '@/api/names';
import { shortenAddress, shortenDomain } from '@/lib/string';

/** How an address reads: its name-service name cut to 8 characters when it has one, else the shortened address. */
export function addressLabel(address: string, name: string | null, head?: number, tail?: number): string {
  if (name) return shortenDomain(name);
  return shortenAddress(address, head, tail);
}

/** The address's name (ENS first) as the server resolved it, or null (none, not yet loaded, or no lookup). */
export function useAddressName(address: string): string | null {
  const { data } = useQuery(addressNamesQuery(address));
  return data ? preferredName(data) : null;
}
