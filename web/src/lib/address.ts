import { keccak_256 } from '@noble/hashes/sha3';

/** Address formats of the wallet and recipient fields: EVM (with its EIP-55 checksum), Bitcoin, other chains. */

/** 0x and 40 hex digits, in any case. */
export const isEvmAddress = (a: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(a);

/** Bitcoin: bech32 (bc1/tb1) or base58 legacy / P2SH (1…, 3…, m/n/2 on testnet). */
export function isBitcoinAddress(a: string): boolean {
  if (/^(bc1|tb1)[02-9ac-hj-np-z]{11,71}$/i.test(a)) return a === a.toLowerCase() || a === a.toUpperCase();
  return /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(a);
}

/** Any other wallet address the server accepts: 0x hex up to 32 bytes, or base58 (Solana and others). */
export function isOtherWalletAddress(a: string): boolean {
  if (a.startsWith('0x')) return a.length > 2 && a.length <= 66 && /^0x[0-9a-fA-F]+$/.test(a);
  return a.length >= 26 && a.length <= 44 && /^[1-9A-HJ-NP-Za-km-z]+$/.test(a);
}

/**
 * The EIP-55 form of an EVM address, or null when it is not one: a mixed-case address must carry
 * the right checksum; an all-lower or all-upper one has none to check and is checksummed here.
 */
export function eip55Address(a: string): string | null {
  if (!isEvmAddress(a)) return null;
  const checksummed = eip55Checksum(a);
  const body = a.slice(2);
  const unchecked = body === body.toLowerCase() || body === body.toUpperCase();
  return unchecked || a === checksummed ? checksummed : null;
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case hex) is ≥ 8. */
function eip55Checksum(a: string): string {
  const lower = a.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const c = lower[i] ?? '';
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}
