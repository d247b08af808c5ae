import type { Chain, Exchange } from '@/api/types';
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

export const exchangeAvailable = (token: string, chains: readonly Chain[], depositAddress: string): boolean =>
  exchangeBlock(token, chains, depositAddress) === null;

/** BTC goes only to the exchange with id 11 and only over network 56. */
export function exchangeRouteAllowed(token: string, exchange: Exchange, networkId: number): boolean {
  if (token.toUpperCase() === 'BTC') return exchange.id === BTC_EXCHANGE_ID && BTC_EXCHANGE_NETWORK_IDS.includes(networkId);
  return EXCHANGE_TOKENS.includes(token.toUpperCase()) && EXCHANGE_NETWORK_IDS.includes(networkId);
}

export type RecipientKind = 'evm' | 'bitcoin' | 'other';

export function recipientKind(chain: Pick<Chain, 'flags'> | undefined): RecipientKind {
  if (chain?.flags?.evm) return 'evm';
  if (chain?.flags?.bitcoin) return 'bitcoin';
  return 'other';
}

export interface RecipientInput {
  destination: Pick<Chain, 'flags'> | undefined;
  exchange: Exchange | null;
  /** What the user typed in the address field ('' when untouched). */
  typed: string;
  /** The connected wallet's address ('' when disconnected). */
  walletAddress: string;
}

export type RecipientCheck =
  | { ok: true; recipient: string; required: boolean }
  | { ok: false; reason: 'required' | 'invalid'; required: boolean };

/**
 * The recipient of a bridge. Exchanges need their deposit address typed in (it is required);
 * Bitcoin and other non-EVM destinations need a typed address too (the EVM wallet is no use
 * there); an EVM destination defaults to the connected wallet and accepts another EVM address.
 */
export function checkRecipient({ destination, exchange, typed, walletAddress }: RecipientInput): RecipientCheck {
  const value = typed.trim();
  const kind = recipientKind(destination);
  const required = exchange !== null || kind !== 'evm';
  if (value === '') {
    if (required || !walletAddress) return { ok: false, reason: 'required', required };
    return { ok: true, recipient: walletAddress, required };
  }
  const valid = kind === 'evm' ? isEvmAddress(value) : kind === 'bitcoin' ? isBitcoinAddress(value) : isOtherWalletAddress(value);
  return valid ? { ok: true, recipient: value, required } : { ok: false, reason: 'invalid', required };
}
