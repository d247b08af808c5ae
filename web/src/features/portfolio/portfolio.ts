import type { PortfolioChain, PortfolioChainRef, PortfolioToken } from '@/api/portfolio';
import { formatTokenAmount, formatUsdCents, formatUsdPrice } from '@/lib/format';

/** One network row of the table: still loading, failed (the query or the server's chain status), or read. */
export type ChainRow =
  | { chain: PortfolioChainRef; state: 'loading' }
  | { chain: PortfolioChainRef; state: 'error'; error: string }
  | { chain: PortfolioChainRef; state: 'ok'; data: PortfolioChain };

export interface Slice {
  key: string;
  label: string;
  cents: number;
}

export interface PortfolioSummary {
  /** Exactly the sum of the values shown, in cents. */
  totalCents: number;
  byChain: Slice[];
  byToken: Slice[];
  /** Rows still loading or failed: the total leaves them out. */
  pending: number;
  failed: number;
}

/** USD values arrive rounded to the cent; summing in integer cents keeps the total exact. */
export const toCents = (usd: number): number => Math.round(usd * 100);

export const formatUsd = formatUsdCents;

/** A USD price: cents above $1, more digits below (a cent of USDT is not its price). */
export const formatPrice = formatUsdPrice;

/** A raw base-unit balance in the app's one number style (lib/format). */
export function formatBalance(raw: string, decimals: number): string {
  return formatTokenAmount(raw, decimals);
}

/** Tokens the table lists: those held (a zero or unreadable balance is not a holding). */
export const heldTokens = (chain: PortfolioChain): PortfolioToken[] => chain.tokens.filter((t) => t.balance !== null && BigInt(t.balance) > 0n);

function slices(parts: Map<string, Slice>): Slice[] {
  return [...parts.values()].filter((s) => s.cents > 0).sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));
}

/** The total and the allocations over the rows read so far. */
export function summarize(rows: ChainRow[]): PortfolioSummary {
  const byChain = new Map<string, Slice>();
  const byToken = new Map<string, Slice>();
  let totalCents = 0;
  let pending = 0;
  let failed = 0;
  for (const row of rows) {
    if (row.state === 'loading') pending += 1;
    if (row.state === 'error') failed += 1;
    if (row.state !== 'ok') continue;
    for (const token of row.data.tokens) {
      const cents = toCents(token.value_usd);
      totalCents += cents;
      const chainKey = String(row.chain.chain_id);
      const c = byChain.get(chainKey) ?? { key: chainKey, label: row.chain.chain_name, cents: 0 };
      c.cents += cents;
      byChain.set(chainKey, c);
      const t = byToken.get(token.symbol) ?? { key: token.symbol, label: token.symbol, cents: 0 };
      t.cents += cents;
      byToken.set(token.symbol, t);
    }
  }
  return { totalCents, byChain: slices(byChain), byToken: slices(byToken), pending, failed };
}

/** A row from one chain's query: the server reports a chain it could not read with status "error". */
export function chainRow(chain: PortfolioChainRef, query: { isPending: boolean; error: Error | null; data?: { chains: PortfolioChain[] } }): ChainRow {
  if (query.isPending) return { chain, state: 'loading' };
  const data = query.data?.chains.find((c) => c.chain_id === chain.chain_id);
  if (query.error || !data) return { chain, state: 'error', error: query.error?.message ?? '' };
  if (data.status === 'error') return { chain, state: 'error', error: data.error ?? '' };
  return { chain, state: 'ok', data };
}
