import type { Chain, Exchange } from '@/api/types';
import { isSolanaAddress } from '@/lib/base58';
import { eip55Address, isBitcoinAddress, isEvmAddress, isOtherWalletAddress } from '@/lib/address';

/** Recipient rules of the bridge card: which address each destination takes, and when one must be typed. */

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
