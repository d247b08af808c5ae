import { keccak_256 } from '@noble/hashes/sha3';
import type { Chain, Exchange } from '@/api/types';
import { isSolanaAddress } from '@/lib/base58';
import { BTC_EXCHANGE_ID, BTC_EXCHANGE_NETWORK_IDS, EXCHANGE_NETWORK_IDS } from '@/features/network-list/networkList';

/** Destination address rules of the bridge card (spec §5: exchanges, BTC; DESIGN.md §5). */

/** Tokens an exchange destination accepts (spec §5). */
export const EXCHANGE_TOKENS: readonly string[] = ['ETH', 'USDC', 'USDT', 'BTC'];

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

/** Why exchange destinations are not enabled, or null when they are. */
export type ExchangeBlock = 'token' | 'network' | 'address' | 'invalidAddress';

/**
 * Spec §5: "Exchange destinations are enabled only when a deposit address is given, the token is
 * ETH, USDC, USDT or BTC, and one of chains 42161, 10 or 1 is available." The deposit address is the
 * user's address at the exchange (it becomes the recipient, DESIGN §5); every exchange network is
 * EVM, so it must be a 0x address. BTC also needs its only exchange network, 56, to be listed.
 * Checked in the order a user fixes things: token, networks, address.
 */
export function exchangeBlock(token: string, chains: readonly Chain[], depositAddress: string): ExchangeBlock | null {
  const t = token.toUpperCase();
  if (!EXCHANGE_TOKENS.includes(t)) return 'token';
  const listed = (ids: readonly number[]): boolean => chains.some((c) => !c.disabled && ids.includes(c.chain_id));
  if (!listed(EXCHANGE_NETWORK_IDS) || (t === 'BTC' && !listed(BTC_EXCHANGE_NETWORK_IDS))) return 'network';
  const address = depositAddress.trim();
  if (address === '') return 'address';
  return isEvmAddress(address) ? null : 'invalidAddress';
}

/** BTC goes only to the exchange with id 11 and only over network 56. */
export function exchangeRouteAllowed(token: string, exchange: Exchange, networkId: number): boolean {
  if (token.toUpperCase() === 'BTC') return exchange.id === BTC_EXCHANGE_ID && BTC_EXCHANGE_NETWORK_IDS.includes(networkId);
  return EXCHANGE_TOKENS.includes(token.toUpperCase()) && EXCHANGE_NETWORK_IDS.includes(networkId);
}

/** Solana (83797601) and the SVM networks Backpack serves (Eclipse 69677601): base58 addresses of 32 bytes. */
export const SOLANA_CHAIN_ID = 83797601;
export const SVM_CHAIN_IDS: readonly number[] = [SOLANA_CHAIN_ID, 69677601];

export type RecipientKind = 'evm' | 'bitcoin' | 'solana' | 'other';

export function recipientKind(chain: (Pick<Chain, 'flags'> & Partial<Pick<Chain, 'chain_id'>>) | undefined): RecipientKind {
  if (chain?.flags?.evm) return 'evm';
  if (chain?.flags?.bitcoin) return 'bitcoin';
  if (chain?.chain_id !== undefined && SVM_CHAIN_IDS.includes(chain.chain_id)) return 'solana';
  return 'other';
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

export interface RecipientInput {
  destination: (Pick<Chain, 'flags'> & Partial<Pick<Chain, 'chain_id'>>) | undefined;
  exchange: Exchange | null;
  /** What the user typed in the address field ('' when untouched). */
  typed: string;
  /** The connected wallet's address on the destination's ecosystem ('' when none). */
  walletAddress: string;
  /**
   * The deposit is made on Solana: its memo carries the recipient (docs/solana.md), so an EVM
   * recipient must be EIP-55 (a wrong checksum is refused, an unchecked one is checksummed).
   */
  sourceIsSolana?: boolean;
}

/** What the address field expects, for the hint under it. */
export type RecipientFormat = 'evm' | 'eip55' | 'bitcoin' | 'solana' | 'other';

export type RecipientCheck =
  | { ok: true; recipient: string; required: boolean }
  | { ok: false; reason: 'required' | 'invalid' | 'checksum'; required: boolean; expected?: RecipientFormat };

/**
 * The recipient of a bridge. Exchanges need their deposit address typed in (it is required);
 * Bitcoin and other non-EVM destinations need a typed address too (the EVM wallet is no use
 * there); an EVM destination defaults to the connected wallet and accepts another EVM address.
 * A mixed-case EVM address must carry its EIP-55 checksum (a wrong one is a typo: refused with
 * reason 'checksum'); an address in one case has none and is taken as typed.
 */
export function checkRecipient({ destination, exchange, typed, walletAddress, sourceIsSolana }: RecipientInput): RecipientCheck {
  const value = typed.trim();
  const kind = recipientKind(destination);
  // A Solana destination defaults to the connected Solana wallet, like an EVM one to the EVM wallet.
  const required = exchange !== null || (kind !== 'evm' && kind !== 'solana');
  const eip55 = kind === 'evm' && !!sourceIsSolana && exchange === null;
  const expected: RecipientFormat = eip55 ? 'eip55' : kind;
  const accept = (a: string): string | null => {
    if (kind === 'evm') {
      const checked = eip55Address(a);
      return checked === null ? null : eip55 ? checked : a;
    }
    if (kind === 'bitcoin') return isBitcoinAddress(a) ? a : null;
    if (kind === 'solana') return isSolanaAddress(a) ? a : null;
    return isOtherWalletAddress(a) ? a : null;
  };
  if (value === '') {
    if (required || !walletAddress) return { ok: false, reason: 'required', required, expected };
    const own = accept(walletAddress);
    return own ? { ok: true, recipient: own, required } : { ok: false, reason: 'required', required, expected };
  }
  const recipient = accept(value);
  if (recipient) return { ok: true, recipient, required };
  const badChecksum = kind === 'evm' && isEvmAddress(value);
  return { ok: false, reason: badChecksum ? 'checksum' : 'invalid', required, expected };
}

/** The hint under the address field for a refused recipient, or null when the button's text says enough. */
export function recipientErrorKey(check: RecipientCheck): 'bridge.recipientBadChecksum' | 'bridge.recipientInvalidSolana' | 'bridge.recipientInvalidEip55' | null {
  if (check.ok || check.reason === 'required') return null;
  if (check.reason === 'checksum') return 'bridge.recipientBadChecksum';
  if (check.expected === 'solana') return 'bridge.recipientInvalidSolana';
  return check.expected === 'eip55' ? 'bridge.recipientInvalidEip55' : null;
}
