import { parseAddressLines } from '@/features/airdrop/validation';

/** The tracker answers for 1 to 5 addresses at once (docs/tracker.md), like the airdrop query's batches. */
export const MAX_TRACKER_ADDRESSES = 5;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** 'empty' and 'badAddress' are the airdrop query's messages; 'tooMany' is the tracker's own. */
export type AddressInputError = 'empty' | 'badAddress' | 'tooMany';

export type AddressInput = { ok: true; addresses: string[] } | { ok: false; error: AddressInputError };

export const ADDRESS_ERROR_KEYS = {
  empty: 'airdrop.errors.empty',
  badAddress: 'airdrop.errors.badAddress',
  tooMany: 'trackerPages.tooMany',
} as const;

/** Addresses separated by lines, commas or spaces; repeats (in any case) count once. */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parseAddressLines(text.replace(/[,\s]+/g, '\n'))) {
    const key = part.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(part);
  }
  return out;
}

export function validateAddresses(text: string, max = MAX_TRACKER_ADDRESSES): AddressInput {
  const addresses = splitAddresses(text);
  if (addresses.length === 0) return { ok: false, error: 'empty' };
  if (addresses.some((a) => !EVM_ADDRESS.test(a))) return { ok: false, error: 'badAddress' };
  if (addresses.length > max) return { ok: false, error: 'tooMany' };
  return { ok: true, addresses };
}

/** The addresses a shared link carries (`?addresses=0xA,0xB`, or `?address=` on a programme page). */
export function addressesFromSearch(search: string): string[] {
  const params = new URLSearchParams(search);
  const v = validateAddresses(params.get('addresses') ?? params.get('address') ?? '');
  return v.ok ? v.addresses : [];
}

/** A link that restores the view: the page's path with the addresses in the query string. */
export function shareLink(origin: string, path: string, addresses: readonly string[]): string {
  const url = new URL(path, origin);
  if (addresses.length > 0) url.searchParams.set('addresses', addresses.join(','));
  // Commas are safe in a query string and keep the link readable.
  return url.toString().replace(/%2C/gi, ',');
}
