import type { Chain, Exchange } from '@/api/types';
import { exchangeRefusal } from './exchangeDeposits';
import { isEvmAddress } from '@/lib/address';
import { truncateDecimals } from '@/lib/number';

/** Pure logic of the network list modal: tabs, search, popular networks, balance cells and the exchange destinations. */

export type NetworkListMode = 'from' | 'to' | 'toExchange';
export type FromTab = 'all' | 'evm' | 'bitcoin' | 'nonEvm' | 'testnet';
export type ToTab = 'network' | 'exchange';

export const FROM_TABS: readonly FromTab[] = ['all', 'evm', 'bitcoin', 'nonEvm', 'testnet'];
export const TO_TABS: readonly ToTab[] = ['network', 'exchange'];

/** The popular_item_list tag read by each From tab. */
export const TAB_TAG: Record<FromTab, string> = { all: 'ALL', evm: 'EVM', bitcoin: 'Bitcoin', nonEvm: 'Non-EVM', testnet: 'Testnet' };

export const POPULAR_LIMIT = 8;
export const BALANCE_BATCH_SIZE = 4;
export const BALANCE_DECIMALS = 5;
/** Fuel 9889 and BenFen 66706701 show 8 decimals. */
export const LONG_BALANCE_CHAIN_IDS: readonly number[] = [9889, 66706701];

/** Chains of a From tab: mainnet tabs exclude testnets, the Testnet tab has only testnets; disabled never. */
export function chainsForTab(chains: readonly Chain[], tab: FromTab): Chain[] {
  return chains.filter((c) => {
    if (c.disabled) return false;
    if (tab === 'testnet') return c.is_testnet;
    if (c.is_testnet) return false;
    if (tab === 'evm') return !!c.flags?.evm;
    if (tab === 'bitcoin') return !!c.flags?.bitcoin;
    if (tab === 'nonEvm') return !!c.flags?.non_evm;
    return true;
  });
}

/** Case-insensitive search over searchText (name and alias when it is empty), sorted by order. */
export function searchChains(chains: readonly Chain[], search: string): Chain[] {
  const q = search.trim().toLowerCase();
  return chains
    .filter((c) => q === '' || (c.searchText || `${c.chain_name} ${c.alias_name}`).toLowerCase().includes(q))
    .slice()
    .sort((a, b) => a.order - b.order);
}

/** Chains carrying `tag` in popular_item_list, heaviest first (ties by order), at most `limit`. */
export function popularChains(chains: readonly Chain[], tag: string, limit = POPULAR_LIMIT): Chain[] {
  const weight = (c: Chain): number | undefined => c.popular_item_list?.find((p) => p.tag === tag)?.weight;
  return chains
    .filter((c) => weight(c) !== undefined)
    .sort((a, b) => (weight(b) ?? 0) - (weight(a) ?? 0) || a.order - b.order)
    .slice(0, limit);
}

/** Splits ids into batches of `size` (the multi-balance call takes 4 chains at a time). */
export function batchIds<T>(ids: readonly T[], size = BALANCE_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

export function balanceDecimals(chainId: number): number {
  return LONG_BALANCE_CHAIN_IDS.includes(chainId) ? 8 : BALANCE_DECIMALS;
}

export interface BalanceEntry {
  view_value: string;
  status_code: number;
  status_message: string;
}

export type BalanceCell = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'value'; text: string };

/** One network's balance cell: '-' (error) when the batch failed, the entry is missing or status_code ≠ 0. */
export function balanceCell(chainId: number, entry: BalanceEntry | undefined, state: 'pending' | 'error' | 'success'): BalanceCell {
  if (state === 'pending') return { kind: 'loading' };
  if (state === 'error' || !entry) return { kind: 'error', message: 'batch failed' };
  if (entry.status_code !== 0) return { kind: 'error', message: entry.status_message };
  return { kind: 'value', text: truncateDecimals(entry.view_value, balanceDecimals(chainId)) };
}

/** Networks an exchange deposit may arrive on: BTC only network 56, the other tokens 42161, 10 and 1. */
export const EXCHANGE_NETWORK_IDS: readonly number[] = [42161, 10, 1];
export const BTC_EXCHANGE_NETWORK_IDS: readonly number[] = [56];
export const BTC_EXCHANGE_ID = 11;

export function exchangeNetworks(chains: readonly Chain[], token: string): Chain[] {
  const ids = token.toUpperCase() === 'BTC' ? BTC_EXCHANGE_NETWORK_IDS : EXCHANGE_NETWORK_IDS;
  return chains.filter((c) => !c.disabled && ids.includes(c.chain_id)).sort((a, b) => a.order - b.order);
}

/** Exchanges selectable for a token: BTC allows only the exchange with id 11. */
export function exchangesForToken(exchanges: readonly Exchange[], token: string): Exchange[] {
  return token.toUpperCase() === 'BTC' ? exchanges.filter((e) => e.id === BTC_EXCHANGE_ID) : [...exchanges];
}

/** Tokens an exchange destination accepts. */
export const EXCHANGE_TOKENS: readonly string[] = ['ETH', 'USDC', 'USDT', 'BTC'];

/** Why exchange destinations are not enabled, or null when they are. */
export type ExchangeBlock = 'token' | 'network' | 'address' | 'invalidAddress';

/**
 * Exchange destinations are enabled only when a deposit address is given, the token is ETH, USDC,
 * USDT or BTC, and one of chains 42161, 10 or 1 is available. The deposit address is the user's
 * address at the exchange (the bridge pays it, so it becomes the recipient); every exchange network is
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

/** BTC goes only to the exchange with id 11 and only over network 56; and only what the exchange credits. */
export function exchangeRouteAllowed(token: string, exchange: Exchange, networkId: number): boolean {
  if (exchangeRefusal(exchange, token, networkId) !== null) return false;
  if (token.toUpperCase() === 'BTC') return exchange.id === BTC_EXCHANGE_ID && BTC_EXCHANGE_NETWORK_IDS.includes(networkId);
  return EXCHANGE_TOKENS.includes(token.toUpperCase()) && EXCHANGE_NETWORK_IDS.includes(networkId);
}
