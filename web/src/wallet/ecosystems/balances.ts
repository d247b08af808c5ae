import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/api/client';
import { chainsQuery } from '@/api/queries';
import { truncateDecimals } from '@/lib/number';
import { formatUnitsExact } from '@/lib/units';
import { useEcosystemAccount } from './store';
import type { Ecosystem } from './types';

/**
 * Balances of the non-EVM wallets, shown to each chain's display decimals:
 * - Solana: SOL (9 dp) and USDC (6 dp), Eclipse ETH, Starknet ETH, Fuel ETH: the server's
 *   `GET /api/balance?chainid&token&address` (the server reads the chain; an unreachable chain is an
 *   error, never a zero);
 * - BenFen: JSON-RPC `bfcx_getBalance` to the chain's node, BFC (9 decimals) shown to 8;
 * - Bitcoin: the wallet's own getBalance (satoshis), polled every 5 s, shown to 8.
 * An error is '-' with the hint 'Network congestion or RPC'.
 */
export const SOLANA_CHAIN_ID = 83797601;
export const BENFEN_CHAIN_ID = 66706701;
export const BFC_COIN_TYPE = '0x2::bfc::BFC';
export const BITCOIN_POLL_MS = 5000;

/** Shown decimals per chain and token: 5 by default, 8 for Fuel and BenFen; Solana SOL 9, USDC 6. */
export function shownDecimals(chainId: number, token: string): number {
  if (chainId === SOLANA_CHAIN_ID) return token.toUpperCase() === 'USDC' ? 6 : 9;
  if (chainId === 9889 || chainId === BENFEN_CHAIN_ID || chainId === 999706684 || chainId === 999706677) return 8;
  return 5;
}

export interface BalanceLine {
  symbol: string;
  text: string;
}

export interface SingleBalance {
  e18: string;
  value: string;
  decimals: number;
}

/** One balance read by the server (`GET /api/balance`, answered in data.value). */
export const serverBalanceQuery = (chainId: number, token: string, address: string) =>
  queryOptions({
    queryKey: ['balance', chainId, token, address],
    queryFn: ({ signal }) => request<SingleBalance>('balance', { query: { chainid: chainId, token, address }, signal }),
    select: (b): BalanceLine => ({ symbol: token, text: truncateDecimals(b.value, shownDecimals(chainId, token)) }),
    enabled: address !== '',
    staleTime: 15_000,
    retry: false,
  });

interface JsonRpcAnswer<T> {
  result?: T;
  error?: { code: number; message: string };
}

/** BenFen's balance of BFC by JSON-RPC to its node; raw units as a decimal string. */
export async function benfenBalance(rpcUrl: string, owner: string, signal?: AbortSignal): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'bfcx_getBalance', params: [owner, BFC_COIN_TYPE] }),
    signal,
  });
  if (!res.ok) throw new Error(`BenFen node answered HTTP ${res.status}`);
  const json = (await res.json()) as JsonRpcAnswer<{ totalBalance?: string }>;
  if (json.error) throw new Error(json.error.message);
  const total = json.result?.totalBalance;
  if (typeof total !== 'string' || !/^\d+$/.test(total)) throw new Error('BenFen node answered no balance');
  return BigInt(total);
}

export interface EcosystemBalance {
  state: 'none' | 'loading' | 'error' | 'ok';
  lines: BalanceLine[];
}

const fromQueries = (qs: { isLoading: boolean; isError: boolean; data?: BalanceLine | undefined }[]): EcosystemBalance => {
  if (qs.some((q) => q.isError)) return { state: 'error', lines: [] };
  if (qs.some((q) => q.isLoading)) return { state: 'loading', lines: [] };
  const lines = qs.map((q) => q.data).filter((l): l is BalanceLine => !!l);
  return lines.length > 0 ? { state: 'ok', lines } : { state: 'none', lines: [] };
};

/** The balance lines of an ecosystem's connected wallet (the wallet card). */
export function useEcosystemBalance(ecosystem: Ecosystem): EcosystemBalance {
  const account = useEcosystemAccount(ecosystem);
  const address = account?.address ?? '';
  const server = (chainId: number, token: string, on: boolean) => ({ ...serverBalanceQuery(chainId, token, address), enabled: on && address !== '' });
  const sol = useQuery(server(SOLANA_CHAIN_ID, 'SOL', ecosystem === 'solana'));
  const usdc = useQuery(server(SOLANA_CHAIN_ID, 'USDC', ecosystem === 'solana'));
  const eth = useQuery(server(account?.chainId ?? 0, 'ETH', ecosystem === 'starknet' || ecosystem === 'fuel' || ecosystem === 'eclipse'));
  const chains = useQuery({ ...chainsQuery(), enabled: ecosystem === 'benfen' && address !== '' });
  const benfenRpc = chains.data?.find((c) => c.chain_id === BENFEN_CHAIN_ID)?.rpc_urls[0] ?? '';
  const bfc = useQuery({
    queryKey: ['benfen-balance', benfenRpc, address],
    enabled: ecosystem === 'benfen' && address !== '' && benfenRpc !== '',
    retry: false,
    staleTime: 15_000,
    queryFn: ({ signal }) => benfenBalance(benfenRpc, address, signal),
    select: (raw): BalanceLine => ({ symbol: 'BFC', text: truncateDecimals(formatUnitsExact(raw, 9), 8) }),
  });
  const btc = useQuery({
    queryKey: ['bitcoin-balance', account?.walletId ?? '', address],
    enabled: ecosystem === 'bitcoin' && address !== '',
    retry: false,
    refetchInterval: BITCOIN_POLL_MS,
    queryFn: async () => (await import('./bitcoin')).bitcoinBalanceSats(account?.walletId ?? ''),
    select: (sats): BalanceLine => ({ symbol: 'BTC', text: truncateDecimals(formatUnitsExact(BigInt(sats), 8), 8) }),
  });
  if (!account) return { state: 'none', lines: [] };
  switch (ecosystem) {
    case 'solana':
      return fromQueries([sol, usdc]);
    case 'benfen':
      return chains.isError ? { state: 'error', lines: [] } : fromQueries([bfc]);
    case 'bitcoin':
      return fromQueries([btc]);
    default:
      return fromQueries([eth]);
  }
}
