// The widget's public config (its types are @perch/widget's declarations: no app types here).

/** A pair of networks the widget offers, by chain id (one direction). */
export interface WidgetRoute {
  from: number;
  to: number;
}

/** The widget's own colours on top of the light or dark palette. */
export interface WidgetThemeObject {
  mode?: 'light' | 'dark';
  /** The buttons' and links' colour (any CSS colour). */
  primary?: string;
  /** The card's corner radius (a CSS length). */
  radius?: string;
}

export type WidgetTheme = 'light' | 'dark' | WidgetThemeObject;

/** What an integrator passes to <PerchBridge config={...} /> (and, as query parameters, to the iframe). */
export interface PerchWidgetConfig {
  /** The Perch server's origin, e.g. "https://perch.example" (no trailing /api). */
  apiUrl: string;
  /** Only these network pairs (default: every route the server offers). */
  routes?: WidgetRoute[];
  /** Only these token symbols (default: every token the server's routes move). */
  tokens?: string[];
  theme?: WidgetTheme;
  /** The partner channel deposits are credited to. */
  channel?: number;
  defaultFrom?: number;
  defaultTo?: number;
}

export type ParsedConfig = { ok: true; config: PerchWidgetConfig } | { ok: false; errors: string[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChainId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const CSS_VALUE = /^[#(),.%\w\s-]{1,64}$/;

function parseTheme(v: unknown, errors: string[]): WidgetTheme | undefined {
  if (v === undefined || v === 'light' || v === 'dark') return v;
  if (!isObject(v)) {
    errors.push("theme: 'light', 'dark' or an object");
    return undefined;
  }
  const out: WidgetThemeObject = {};
  if (v.mode !== undefined) {
    if (v.mode === 'light' || v.mode === 'dark') out.mode = v.mode;
    else errors.push("theme.mode: 'light' or 'dark'");
  }
  for (const key of ['primary', 'radius'] as const) {
    const value = v[key];
    if (value === undefined) continue;
    // Written into a style attribute: plain CSS values only, nothing that could close it.
    if (typeof value === 'string' && CSS_VALUE.test(value)) out[key] = value;
    else errors.push(`theme.${key}: a CSS value`);
  }
  return out;
}

/**
 * Checks a config as an integrator wrote it (plain JavaScript may pass anything): every field's
 * type, chain ids positive integers, the API URL an http(s) origin. Unknown fields are errors,
 * so a typo is not silently ignored.
 */
export function parseWidgetConfig(input: unknown): ParsedConfig {
  const errors: string[] = [];
  if (!isObject(input)) return { ok: false, errors: ['config: an object'] };
  const known = new Set(['apiUrl', 'routes', 'tokens', 'theme', 'channel', 'defaultFrom', 'defaultTo']);
  for (const key of Object.keys(input)) if (!known.has(key)) errors.push(`${key}: unknown field`);

  let apiUrl = '';
  if (typeof input.apiUrl === 'string' && (input.apiUrl === '' || /^https?:\/\/[^/?#\s]+\/?$/.test(input.apiUrl))) apiUrl = input.apiUrl.replace(/\/+$/, '');
  else errors.push("apiUrl: the server's http(s) origin");

  const config: PerchWidgetConfig = { apiUrl };
  if (input.routes !== undefined) {
    if (Array.isArray(input.routes) && input.routes.every((r) => isObject(r) && isChainId(r.from) && isChainId(r.to) && r.from !== r.to)) {
      config.routes = input.routes.map((r) => ({ from: (r as WidgetRoute).from, to: (r as WidgetRoute).to }));
    } else errors.push('routes: a list of {from, to} chain ids');
  }
  if (input.tokens !== undefined) {
    if (Array.isArray(input.tokens) && input.tokens.length > 0 && input.tokens.every((t) => typeof t === 'string' && /^[\w.-]{1,16}$/.test(t))) {
      config.tokens = [...input.tokens] as string[];
    } else errors.push('tokens: a list of token symbols');
  }
  const theme = parseTheme(input.theme, errors);
  if (theme !== undefined) config.theme = theme;
  for (const key of ['channel', 'defaultFrom', 'defaultTo'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (isChainId(value)) config[key] = value;
    else errors.push(`${key}: a positive integer`);
  }
  if (config.defaultFrom !== undefined && config.defaultFrom === config.defaultTo) errors.push('defaultTo: not the same network as defaultFrom');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}

const intParam = (v: string | null): number | undefined => (v !== null && /^\d+$/.test(v) ? Number(v) : v === null ? undefined : NaN);

/**
 * The iframe's config from its address (/embed/bridge?channel=7&theme=light&from=1&to=10&tokens=ETH,USDC&routes=1-10,10-1).
 * The iframe talks to its own origin, so apiUrl is ''.
 */
export function configFromSearch(params: URLSearchParams): ParsedConfig {
  const raw: Record<string, unknown> = { apiUrl: '' };
  const channel = intParam(params.get('channel'));
  if (channel !== undefined) raw.channel = channel;
  const from = intParam(params.get('from'));
  if (from !== undefined) raw.defaultFrom = from;
  const to = intParam(params.get('to'));
  if (to !== undefined) raw.defaultTo = to;
  const theme = params.get('theme');
  const primary = params.get('primary');
  if (primary !== null) raw.theme = { ...(theme !== null ? { mode: theme } : {}), primary };
  else if (theme !== null) raw.theme = theme;
  const tokens = params.get('tokens');
  if (tokens !== null) raw.tokens = tokens.split(',').filter(Boolean);
  const routes = params.get('routes');
  if (routes !== null) {
    raw.routes = routes.split(',').map((pair) => {
      const [a, b] = pair.split('-');
      return { from: intParam(a ?? null), to: intParam(b ?? null) };
    });
  }
  return parseWidgetConfig(raw);
}

/** The iframe's query string for a config (the loader script builds the same from its data- attributes). */
export function embedSearch(config: Omit<PerchWidgetConfig, 'apiUrl'>): string {
  const q = new URLSearchParams();
  if (config.channel !== undefined) q.set('channel', String(config.channel));
  if (config.defaultFrom !== undefined) q.set('from', String(config.defaultFrom));
  if (config.defaultTo !== undefined) q.set('to', String(config.defaultTo));
  if (typeof config.theme === 'string') q.set('theme', config.theme);
  else if (config.theme) {
    if (config.theme.mode) q.set('theme', config.theme.mode);
    if (config.theme.primary) q.set('primary', config.theme.primary);
  }
  if (config.tokens) q.set('tokens', config.tokens.join(','));
  if (config.routes) q.set('routes', config.routes.map((r) => `${r.from}-${r.to}`).join(','));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The wrapper's data-theme and CSS variables for a theme. */
export function themeStyle(theme: WidgetTheme | undefined): { mode: 'light' | 'dark'; vars: Record<string, string> } {
  if (theme === undefined || typeof theme === 'string') return { mode: theme ?? 'dark', vars: {} };
  const vars: Record<string, string> = {};
  if (theme.primary) vars['--primary'] = theme.primary;
  if (theme.radius) vars['--radius'] = theme.radius;
  return { mode: theme.mode ?? 'dark', vars };
}
