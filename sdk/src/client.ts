import type { components, paths } from './generated/openapi.js';

/** The product's data types, taken from the generated OpenAPI types. */
export type Schemas = components['schemas'];
export type Chain = Schemas['Chain'];
export type Token = Schemas['Token'];
export type Quote = Schemas['Quote'];
export type TxBody = Schemas['TxBody'];
export type BuildTx = Schemas['BuildTx'];
export type Order = Schemas['Order'];
export type OrderState = Schemas['OrderState'];
export type History = Schemas['History'];

type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
export type QuoteParams = QueryOf<'/api/bridge_api/v1/quote'>;
export type HistoryParams = QueryOf<'/api/bridge_api/v1/history'>;
export type BuildTxParams = NonNullable<
  paths['/api/bridge_api/v1/build_tx']['post']['requestBody']
>['content']['application/json'];

/** States after which an order never changes again. */
export const FINAL_STATES: readonly OrderState[] = ['completed', 'refunded', 'failed', 'dropped', 'rejected'];
export const isFinal = (state: OrderState): boolean => FINAL_STATES.includes(state);

/** An answer whose envelope code is not 0 (code is the HTTP status of the error). */
export class PerchApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly path: string,
  ) {
    super(`${path}: ${message} (code ${code})`);
    this.name = 'PerchApiError';
  }
}

type Query = Record<string, string | number | undefined>;

/** One call as the client makes it: the path (with /api), its query or JSON body. */
export interface CallInit {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends a call and returns the envelope's data (throwing on a non-zero code). The default sends it
 * with fetch to baseUrl; the Perch app and its widget pass their own (their auth header, timeouts
 * and error type), so that the paths and shapes of the bridge calls are this client's in all three.
 */
export type Transport = <T>(path: string, init: CallInit) => Promise<T>;

export interface ClientOptions {
  /** Origin of the Perch server, e.g. "https://perch.example" (no trailing /api). */
  baseUrl: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Replaces the default transport (fetch + envelope) for every call but orderStream. */
  transport?: Transport;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A client of the Perch bridge API: one method per call, data unwrapped from the envelope. */
export class PerchClient {
  private readonly base: string;
  private readonly fetchFn: typeof fetch;
  private readonly transport: Transport | undefined;

  constructor(options: ClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.transport = options.transport;
  }

  url(path: string, query: Query = {}): string {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
    const s = q.toString();
    return `${this.base}${path}${s ? `?${s}` : ''}`;
  }

  private async call<T>(path: string, init: CallInit = {}): Promise<T> {
    if (this.transport) return this.transport<T>(path, init);
    const res = await this.fetchFn(this.url(path, init.query), {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new PerchApiError(res.status, `HTTP ${res.status} without a JSON envelope`, path);
    }
    if (env.code !== 0) throw new PerchApiError(env.code, env.msg, path);
    return env.data;
  }

  async chains(signal?: AbortSignal): Promise<Chain[]> {
    const data = await this.call<{ list?: Chain[] }>('/api/bridge_api/v1/get-all-chains', { signal });
    return data.list ?? [];
  }

  async tokens(signal?: AbortSignal): Promise<Token[]> {
    const data = await this.call<{ list?: Token[] }>('/api/bridge_api/v1/all-tokens', { signal });
    return data.list ?? [];
  }

  quote(params: QuoteParams, signal?: AbortSignal): Promise<Quote> {
    return this.call('/api/bridge_api/v1/quote', { query: params, signal });
  }

  buildTx(params: BuildTxParams, signal?: AbortSignal): Promise<BuildTx> {
    return this.call('/api/bridge_api/v1/build_tx', { body: params, signal });
  }

  /** The order of a deposit, or null while the server has not seen the deposit yet. */
  order(chainId: number, txHash: string, signal?: AbortSignal): Promise<Order | null> {
    return this.call('/api/bridge_api/v1/order', { query: { chain_id: chainId, tx_hash: txHash }, signal });
  }

  history(params: HistoryParams, signal?: AbortSignal): Promise<History> {
    return this.call('/api/bridge_api/v1/history', { query: params, signal });
  }

  /**
   * The order each time it changes (Server-Sent Events), until a final state. A stream the server
   * or a proxy closes early is reopened, so the iteration only ends on a final state or abort.
   */
  async *orderStream(chainId: number, txHash: string, signal?: AbortSignal): AsyncGenerator<Order | null> {
    const url = this.url('/api/bridge_api/v1/order/stream', { chain_id: chainId, tx_hash: txHash });
    for (;;) {
      const res = await this.fetchFn(url, { headers: { Accept: 'text/event-stream' }, signal: signal ?? null });
      if (!res.ok || !res.body) throw new PerchApiError(res.status, 'the order stream was refused', url);
      for await (const order of orderEvents(res.body)) {
        yield order;
        if (order && isFinal(order.state)) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Parses an SSE body into the data of its `order` events (comments and other events skipped). */
export async function* orderEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<Order | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseEvent(block);
        if (event?.event === 'order') yield JSON.parse(event.data) as Order | null;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function parseEvent(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}
