import { queryOptions } from '@tanstack/react-query';
import { PerchClient, type BuildTxParams as SdkBuildTxParams, type CallInit, type HistoryParams as SdkHistoryParams, type QuoteParams as SdkQuoteParams } from '../../../sdk/src/client';
import { buildUrl, request } from './client';

/**
 * The bridge calls go through @perch/sdk's client (sdk/src/client.ts): one code for their paths
 * and shapes in the SDK, this app and the widget. The transport stays the app's: its server
 * origin, auth header, timeouts and ApiError.
 */
const bridgeClient = new PerchClient({
  baseUrl: '',
  transport: <T>(path: string, init: CallInit) =>
    request<T>(path, { method: init.body === undefined ? 'GET' : 'POST', query: init.query, body: init.body, signal: init.signal }),
});

/** The app's interfaces name the same JSON as the SDK's generated types (with the fields the app reads). */
const as = <T>(p: Promise<unknown>): Promise<T> => p as Promise<T>;

/** The bridge's own calls (quote, build_tx, order, history, order stream), beyond the network and token lists in ./endpoints. */

/** A token as a destination swap names it (docs/swap.md). */
export interface SwapQuoteToken {
  address: string;
  symbol: string;
  decimals: number;
}

/**
 * Bridge and swap (docs/swap.md "Bridge and swap"): the bridged amount after fees (`amount_in`,
 * in the bridged token on the destination) swapped into `token_out` there; below `min_out` the
 * maker refunds the deposit on the source chain instead.
 */
export interface DestinationSwap {
  chain_id: number;
  token_in: SwapQuoteToken;
  token_out: SwapQuoteToken;
  amount_in: string;
  amount_in_wei: string;
  receive_amount: string;
  receive_amount_wei: string;
  min_out: string;
  min_out_wei: string;
  slippage_bps: number;
  price_impact_bps: number;
  /** The destination swap's gas, charged in the bridged token before it is swapped (absent from older servers). */
  gas_fee?: string;
  gas_fee_wei?: string;
  /** The split's legs as the swap quote has them (their hops count for auto slippage). */
  route?: { hops: unknown[] }[];
  route_summary: string;
  executor: string;
}

/** GET bridge_api/v1/quote: amounts are decimal strings in token units ('0.99915'). */
export interface Quote {
  from_chain_id: number;
  to_chain_id: number;
  token: string;
  decimals: number;
  send_amount: string;
  bridge_fee: string;
  bridge_fee_bps: number;
  dtc: string;
  receive_amount: string;
  min: string;
  max: string;
  expected_seconds: number;
  expires_at: number;
  /** With `to_token`: the destination swap (null for a plain bridge). */
  swap?: DestinationSwap | null;
  /** The token paid on the destination and its decimals (a cross-asset route's to_token, docs/solana.md). */
  receive_token?: string;
  receive_decimals?: number;
  receive_amount_wei?: string;
  /** build_tx of a cross-asset route: the signed firm quote the deposit names (docs/solana.md "Firm quotes"). */
  firm_quote?: FirmQuote | null;
  /** Whether the payout will wait (docs/security.md "Outflow limits"). */
  outflow?: QuoteOutflow;
}

/** A firm quote: the maker pays exactly its amount to a deposit that names its id and matches it. */
export interface FirmQuote {
  id: string;
  expires_at: number;
  signer: string;
  signature: string;
  typed_data: { domain: Record<string, string>; primaryType: string; message: Record<string, string> };
}

/** The quote's outflow part: a hold for a large transfer, and the route's capacity left now. */
export interface QuoteOutflow {
  /** Above the USD threshold the payout waits this long (0: none). */
  hold_seconds: number;
  hold_reason: string;
  hour_left?: string;
  day_left?: string;
  /** false: the amount exceeds what the route can pay now; it is paid later, never refused. */
  fits_now?: boolean;
  expected_wait_seconds?: number;
}

export interface QuoteParams {
  fromChainId: number;
  toChainId: number;
  token: string;
  /** Token units, as typed ('0.5'). */
  amount: string;
  channel?: number;
  /** Bridge and swap: the token to receive on the destination (its address there); none: the token sent. */
  toToken?: string;
  slippageBps?: number;
}

/** One transaction body to send from the wallet (value in hex wei). */
export interface TxBody {
  chain_id: number;
  to: string;
  data: string;
  value: string;
}

export interface BuildTxResult {
  quote: Quote;
  approve: TxBody | null;
  /** The EVM deposit; null for a Solana source. */
  deposit?: TxBody | null;
  /** A Solana source (docs/solana.md): the unsigned transaction, base64 wire bytes, fee payer = the user. */
  solana_tx?: string;
}

export interface BuildTxParams extends QuoteParams {
  sender: string;
  recipient: string;
}

/** 'rejected': a deposit of a token the bridge does not list; recorded with its reason, neither bridged nor refunded. */
export type OrderState = 'confirming' | 'queued' | 'paying' | 'completed' | 'refunding' | 'refunded' | 'failed' | 'dropped' | 'rejected';

export const FINAL_ORDER_STATES: readonly OrderState[] = ['completed', 'refunded', 'failed', 'dropped', 'rejected'];

export interface OrderTimelineEntry {
  state: OrderState;
  at: number;
  detail: string;
}

/** A bridge order: amounts in raw units (decimal strings), times in unix seconds. */
export interface Order {
  order_key: string;
  src_chain_id: number;
  src_tx_hash: string;
  log_index: number;
  block_number: number;
  sender: string;
  token: string;
  token_address: string;
  decimals: number;
  amount: string;
  /** In the paid token: the deposited one, or on a cross route (SOL → ETH) the destination's. */
  receive_amount: string;
  receive_token: string;
  receive_decimals: number;
  fee: string;
  dst_chain_id: number;
  recipient: string;
  channel: number;
  confirmations: number;
  state: OrderState;
  reason: string;
  /** A queued payout that waits (a route's limit, a large transfer's hold): expected at (unix s); 0: it does not wait. */
  payout_eta?: number;
  dst_tx_hash: string;
  refund_tx_hash: string;
  created_at: number;
  updated_at: number;
  /** Bridge and swap: the token paid on the destination, its minimum and what it delivered (raw units). */
  swap?: OrderSwap | null;
  timeline: OrderTimelineEntry[];
}

export interface OrderSwap {
  token_address: string;
  token: string;
  decimals: number;
  min_out: string;
  /** Empty until the payout is mined. */
  delivered_amount: string;
}

export interface HistoryData {
  list: Order[];
  total: number;
  page: number;
  size: number;
}

export interface HistoryParams {
  address: string;
  page: number;
  size: number;
  channel?: number;
}

export function getQuote(p: QuoteParams, signal?: AbortSignal): Promise<Quote> {
  const query = {
    from_chain_id: p.fromChainId,
    to_chain_id: p.toChainId,
    token: p.token,
    amount: p.amount,
    channel: p.channel,
    to_token: p.toToken || undefined,
    slippage_bps: p.toToken ? p.slippageBps : undefined,
  };
  return as<Quote>(bridgeClient.quote(query as SdkQuoteParams, signal));
}

export function buildBridgeTx(p: BuildTxParams, signal?: AbortSignal): Promise<BuildTxResult> {
  const body = {
    from_chain_id: p.fromChainId,
    to_chain_id: p.toChainId,
    token: p.token,
    amount: p.amount,
    sender: p.sender,
    recipient: p.recipient,
    ...(p.channel !== undefined ? { channel: p.channel } : {}),
    ...(p.toToken ? { to_token: p.toToken, ...(p.slippageBps !== undefined ? { slippage_bps: p.slippageBps } : {}) } : {}),
  };
  return as<BuildTxResult>(bridgeClient.buildTx(body as SdkBuildTxParams, signal));
}

/** The order of a deposit, or null while the server has not seen it yet. */
export function getOrder(chainId: number, txHash: string, signal?: AbortSignal): Promise<Order | null> {
  return as<Order | null>(bridgeClient.order(chainId, txHash, signal));
}

export function getHistory(p: HistoryParams, signal?: AbortSignal): Promise<HistoryData> {
  const query = { address: p.address, page: p.page, size: p.size, channel: p.channel };
  return as<HistoryData>(bridgeClient.history(query as SdkHistoryParams, signal));
}

/** The Server-Sent Events URL of an order's state changes. */
export function orderStreamUrl(chainId: number, txHash: string): string {
  return buildUrl('bridge_api/v1/order/stream', { chain_id: chainId, tx_hash: txHash });
}

export const quoteQuery = (p: QuoteParams, enabled: boolean) =>
  queryOptions({
    queryKey: ['bridge-quote', p.fromChainId, p.toChainId, p.token, p.amount, p.channel ?? null, p.toToken ?? '', p.slippageBps ?? null],
    queryFn: ({ signal }) => getQuote(p, signal),
    enabled,
    retry: false,
    staleTime: 15_000,
    // A quote expires (expires_at, 60 s by default): refresh it while it is on screen.
    refetchInterval: 30_000,
  });

export const orderQueryKey = (chainId: number, txHash: string) => ['bridge-order', chainId, txHash.toLowerCase()] as const;

export const historyQuery = (p: HistoryParams) =>
  queryOptions({
    // EVM addresses in any case are one; base58 (Solana) is case-sensitive.
    queryKey: ['bridge-history', p.address.startsWith('0x') ? p.address.toLowerCase() : p.address, p.page, p.size, p.channel ?? null],
    queryFn: ({ signal }) => getHistory(p, signal),
    enabled: p.address !== '',
    retry: false,
    refetchInterval: 10_000,
  });

/** What an order pays on the destination: raw units, decimals and symbol (the swapped token when it swaps). */
export interface Received {
  raw: string;
  decimals: number;
  token: string;
}

/** What the recipient got (completed) or is quoted to get; null when a swap has not delivered yet. */
export function orderReceived(order: Pick<Order, 'receive_amount' | 'receive_token' | 'receive_decimals' | 'swap'>): Received | null {
  if (order.swap) {
    if (!order.swap.delivered_amount) return null;
    return { raw: order.swap.delivered_amount, decimals: order.swap.decimals, token: order.swap.token };
  }
  // The paid token: the deposited one, or the destination's on a cross route (SOL → ETH).
  return { raw: order.receive_amount, decimals: order.receive_decimals, token: order.receive_token };
}
