/** String display helpers: masking and shortening addresses and names. */

export const SHORTEN_DEFAULT = { head: 6, tail: 4 } as const;
export const SHORTEN_WALLET_CARD = { head: 9, tail: 11 } as const;
export const DOMAIN_MAX_CHARS = 8;

/** First 6 characters, '****', last 4. Strings too short to hide anything are returned as is. */
export function maskString(value: string): string {
  if (value.length <= 10) return value;
  return `${value.slice(0, 6)}****${value.slice(-4)}`;
}

/** '0x1234567890abcdef...' → '0x1234...cdef' (default first 6 and last 4). */
export function shortenAddress(address: string, head: number = SHORTEN_DEFAULT.head, tail: number = SHORTEN_DEFAULT.tail): string {
  if (!address) return '';
  if (address.length <= head + tail) return address;
  return `${address.slice(0, head)}...${address.slice(address.length - tail)}`;
}

/** Domain names are cut to 8 characters (with an ellipsis when cut). */
export function shortenDomain(name: string, max: number = DOMAIN_MAX_CHARS): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}
