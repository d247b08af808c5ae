import type { AppConfig, RouteConfig } from '@/api/appConfig';
import type { Chain } from '@/api/types';

/**
 * What this deployment can do with a network, from its server's app-config: the one rule behind the
 * bridge's network pickers, the deploy page and the "Bridge to X" buttons, so that a network is
 * offered only when choosing it leads somewhere, never offered and then refused.
 *
 * The routes say which networks the bridge moves tokens between. A server that also names the
 * chains it runs (`run_chain_ids`) narrows that further: a route to a chain it does not run is no
 * route. Without app-config (still loading, or it failed) nothing is known, and everything is
 * offered: the bridge card says the routes are missing, and the server refuses what it cannot do.
 */

export type AvailabilitySide = 'from' | 'to' | 'deploy';

/** Why a network is not offered: each one an i18n key under `availability.`. */
export type UnavailableReason =
  /** A non-EVM network no route leaves (Starknet, Fuel, Bitcoin, BenFen): its wallet still connects. */
  | 'notBridgedFrom'
  /** A non-EVM network no route reaches. */
  | 'notBridgedTo'
  /** An EVM network no route leaves. */
  | 'noRouteFrom'
  /** An EVM network no route reaches. */
  | 'noRouteTo'
  /** Routes leave (or reach) it, but none to (or from) the network chosen on the other side. */
  | 'noRouteBetween'
  /** It is the network already chosen on the other side. */
  | 'sameAsDestination'
  | 'sameAsSource'
  /** The server does not run this chain (only when it says which chains it runs). */
  | 'notRun'
  /** Contracts cannot be deployed to it from here. */
  | 'notDeployable';

export type Availability =
  /** `tokens`: the tokens sent that make the route (all of them when nothing is known). */
  | { offered: true; tokens: readonly string[] }
  | { offered: false; reason: UnavailableReason };

export interface AvailabilityContext {
  /** The server's app-config; undefined while it loads or when it failed. */
  config: AppConfig | undefined;
  /** The network chosen on the other side of the bridge (the destination for 'from', the source for 'to'). */
  other?: number | null;
}

type NetworkRef = Pick<Chain, 'chain_id' | 'flags'>;

const OFFERED_UNKNOWN: Availability = { offered: true, tokens: [] };

const destinationsOf = (r: RouteConfig): readonly number[] => r.to_chains ?? r.chains;

/** The enabled routes, as far as they run: without the chains this server says it does not run. */
function liveRoutes(config: AppConfig): RouteConfig[] {
  const run = config.run_chain_ids ? new Set(config.run_chain_ids) : null;
  const live = (ids: readonly number[]): number[] => (run ? ids.filter((id) => run.has(id)) : [...ids]);
  return [...config.routes, ...config.cross_routes]
    .filter((r) => r.enabled)
    .map((r) => ({ ...r, chains: live(r.chains), ...(r.to_chains ? { to_chains: live(r.to_chains) } : {}) }));
}

/** The tokens sent from `from` that arrive on `to`; either side may be open (null: any network). */
function tokensBetween(routes: readonly RouteConfig[], from: number | null, to: number | null): string[] {
  const tokens = routes
    .filter((r) => {
      const sources = from === null ? r.chains : r.chains.includes(from) ? [from] : [];
      const destinations = to === null ? destinationsOf(r) : destinationsOf(r).includes(to) ? [to] : [];
      return sources.some((s) => destinations.some((d) => d !== s));
    })
    .map((r) => r.token);
  return [...new Set(tokens)];
}

const isEvm = (chain: NetworkRef): boolean => !!chain.flags?.evm;

function bridgeSide(side: 'from' | 'to', chain: NetworkRef, config: AppConfig, other: number | null): Availability {
  const id = chain.chain_id;
  if (other !== null && other === id) return { offered: false, reason: side === 'from' ? 'sameAsDestination' : 'sameAsSource' };
  const routes = liveRoutes(config);
  const between = side === 'from' ? tokensBetween(routes, id, other) : tokensBetween(routes, other, id);
  if (between.length > 0) return { offered: true, tokens: between };
  if (config.run_chain_ids && !config.run_chain_ids.includes(id) && isEvm(chain)) return { offered: false, reason: 'notRun' };
  const anyRoute = side === 'from' ? tokensBetween(routes, id, null) : tokensBetween(routes, null, id);
  if (other !== null && anyRoute.length > 0) return { offered: false, reason: 'noRouteBetween' };
  if (side === 'from') return { offered: false, reason: isEvm(chain) ? 'noRouteFrom' : 'notBridgedFrom' };
  return { offered: false, reason: isEvm(chain) ? 'noRouteTo' : 'notBridgedTo' };
}

/**
 * Deploying needs an EVM chain this server reads receipts on to record the deployment: one it runs
 * (when it says so), else one its routes or its check-in name, since it runs every chain it bridges.
 */
function deploySide(chain: NetworkRef, config: AppConfig): Availability {
  if (!isEvm(chain)) return { offered: false, reason: 'notDeployable' };
  const id = chain.chain_id;
  if (config.run_chain_ids) return config.run_chain_ids.includes(id) ? OFFERED_UNKNOWN : { offered: false, reason: 'notRun' };
  const named = liveRoutes(config).some((r) => r.chains.includes(id) || destinationsOf(r).includes(id)) || config.checkin.chain_id === id;
  return named ? OFFERED_UNKNOWN : { offered: false, reason: 'notDeployable' };
}

/** Whether `chain` is offered as a source ('from'), a destination ('to') or a place to deploy to, and why not. */
export function networkAvailability(side: AvailabilitySide, chain: NetworkRef, { config, other = null }: AvailabilityContext): Availability {
  if (!config) return OFFERED_UNKNOWN;
  return side === 'deploy' ? deploySide(chain, config) : bridgeSide(side, chain, config, other);
}

/** Offered networks first, each group in its own order (the list's). */
export function offeredFirst<T>(items: readonly T[], offered: (item: T) => boolean): T[] {
  return [...items.filter(offered), ...items.filter((item) => !offered(item))];
}

/**
 * The note under an offered destination whose route does not carry the chosen token: the card then
 * switches to a token the route has, and says so before the user picks rather than after.
 */
export function otherTokensNote(availability: Availability, token: string): readonly string[] | null {
  if (!availability.offered || availability.tokens.length === 0) return null;
  return availability.tokens.includes(token) ? null : availability.tokens;
}
