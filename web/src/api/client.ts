import { LONG_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@/lib/config';
import { AUTH_HEADER, authHeaderValue } from './authHeader';

/** Every answer is wrapped as {code, msg, data}. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const API_BASE = '/api';

/**
 * The server's origin for every call ('' = the page's own). The embeddable widget runs on a
 * partner's page and names the Perch server it talks to.
 */
let apiOrigin = '';

/** Sets the server origin ('https://perch.example', no trailing /api); '' goes back to the page's. */
export function configureApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/+$/, '');
}

/**
 * An icon or image URL relative to the server ('/icons/networks/base.svg': the server's lists and
 * the app's shipped icons), resolved against the server's origin, so the widget on a partner's
 * page loads it from Perch, not from the page. Absolute, protocol-relative, data: and blob: URLs
 * are left as they are, and so is everything in the app (its server is the page's own origin).
 */
export function serverAssetUrl(url: string): string {
  return apiOrigin && url.startsWith('/') && !url.startsWith('//') ? `${apiOrigin}${url}` : url;
}

export type ApiErrorKind = 'http' | 'code' | 'timeout' | 'network' | 'parse';

/** An API failure: `kind` tells what went wrong, `code` is the envelope or HTTP code when known. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: number | undefined;

  constructor(kind: ApiErrorKind, message: string, opts: { status?: number; code?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = opts.status;
    this.code = opts.code;
  }
}

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** 'default' = 20 s, 'long' = 60 s, or a number of milliseconds. */
  timeout?: 'default' | 'long' | number;
  /** Success codes for this group (0 for campaign/bridge/balance groups, 200 for lottery/admin). */
  okCodes?: readonly number[];
  signal?: AbortSignal;
}

interface ClientConfig {
  /** The current user id (wallet address) or '' when disconnected. */
  getUserId: () => string;
  fetch: typeof fetch;
}

const config: ClientConfig = {
  getUserId: () => '',
  fetch: (...args) => globalThis.fetch(...args),
};

/** Wires the client to the wallet store (done once at app start) or to a test fetch. */
export function configureApiClient(partial: Partial<ClientConfig>): void {
  Object.assign(config, partial);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/?(api\/)?/, '');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.append(k, String(v));
  }
  const qs = params.toString();
  return `${apiOrigin}${API_BASE}/${clean}${qs ? `?${qs}` : ''}`;
}

function timeoutMs(t: RequestOptions['timeout']): number {
  if (t === 'long') return LONG_REQUEST_TIMEOUT_MS;
  if (typeof t === 'number') return t;
  return REQUEST_TIMEOUT_MS;
}

/** Sends a request and returns the whole envelope (use when the code matters to the caller). */
export async function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  // The transport in effect when the request is made: the header below is awaited, and a
  // reconfiguration meanwhile (a test's next mock) must not receive this request.
  const send = config.fetch;
  const userId = config.getUserId();
  const controller = new AbortController();
  const ms = timeoutMs(opts.timeout);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onAbort = (): void => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    [AUTH_HEADER]: await authHeaderValue(userId),
  };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await send(buildUrl(path, opts.query), {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) throw new ApiError('timeout', `request timed out after ${ms} ms`);
    throw new ApiError('network', err instanceof Error ? err.message : 'network error');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(res.ok ? 'parse' : 'http', `HTTP ${res.status}`, { status: res.status });
  }
  if (!isEnvelope(json)) {
    throw new ApiError(res.ok ? 'parse' : 'http', `HTTP ${res.status}: not an API envelope`, { status: res.status });
  }
  if (!res.ok) {
    throw new ApiError('http', json.msg || `HTTP ${res.status}`, { status: res.status, code: json.code });
  }
  return json as Envelope<T>;
}

/** Sends a request and returns `data`; a code outside `okCodes` (default [0]) is an ApiError. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const env = await requestEnvelope<T>(path, opts);
  const ok = opts.okCodes ?? [0];
  if (!ok.includes(env.code)) {
    throw new ApiError('code', env.msg || `code ${env.code}`, { code: env.code });
  }
  return env.data;
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && 'code' in v && typeof (v as { code: unknown }).code === 'number';
}
