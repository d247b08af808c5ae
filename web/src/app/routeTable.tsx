import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { DocsRoute } from '@/features/docs/DocsRoute';
// The bridge is the landing route: loaded with the shell. Every other page is its own chunk,
// fetched when first visited, so the first load of / carries only what the bridge needs.
import BridgePage from '@/pages/BridgePage';
import type { BadgeSlug } from '@/api/badges';
import type { AirdropKind } from '@/pages/AirdropPage';
import type { FaucetKind } from '@/pages/FaucetPage';
import type { TrackerSubpage } from '@/features/tracker/programs';
import { PoolGuard } from './guards';

/** A page loaded on first visit: `named` picks a named export, else the default export. */
function lazyPage<P extends object>(load: () => Promise<Record<string, unknown>>, named = 'default'): ComponentType<P> {
  const Page = lazy(async () => ({ default: (await load())[named] as ComponentType<P> }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spinner />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const simple = (name: string) => lazyPage(() => import('@/pages/SimplePages'), name);
const AirdropInfoPage = lazyPage<{ kind: AirdropKind }>(() => import('@/pages/AirdropPage'), 'AirdropInfoPage');
const LayerZeroAirdropPage = lazyPage(() => import('@/pages/AirdropPage'), 'LayerZeroAirdropPage');
const FaucetPage = lazyPage<{ kind: FaucetKind }>(() => import('@/pages/FaucetPage'));
const HistoryPage = lazyPage(() => import('@/pages/HistoryPage'));
const PointsPage = lazyPage(() => import('@/pages/PointsPage'));
const PortfolioPage = lazyPage(() => import('@/pages/PortfolioPage'));
const RewardsPage = lazyPage(() => import('@/pages/RewardsPage'));
const SwapPage = lazyPage(() => import('@/pages/SwapPage'));
const BadgePage = lazyPage<{ slug: BadgeSlug }>(() => import('@/pages/BadgePage'));
const TrackerPage = lazyPage<{ sub?: TrackerSubpage }>(() => import('@/pages/TrackerPage'));
const EventPage = lazyPage<{ event: 'owlmazing' | 'owlympics' }>(() => import('@/pages/SimplePages'), 'EventPage');
const AccessRestrictedPage = simple('AccessRestrictedPage');
const CompletedPage = lazyPage(() => import('@/pages/OrderPages'), 'CompletedPage');
const ConfirmPage = lazyPage(() => import('@/pages/OrderPages'), 'ConfirmPage');
const DeployPage = lazyPage(() => import('@/pages/DeployPage'));
const DevelopingPage = simple('DevelopingPage');
const EcosystemPage = simple('EcosystemPage');
const InvitePage = simple('InvitePage');
const MakerPage = lazyPage(() => import('@/pages/MakerPage'));
const StatusPage = lazyPage(() => import('@/pages/StatusPage'));
const NotFoundPage = simple('NotFoundPage');
const PoolPage = lazyPage(() => import('@/pages/PoolPage'));
const QueryPage = lazyPage(() => import('@/pages/QueryPage'));
const TestPage = simple('TestPage');
const TosPage = simple('TosPage');

/** Per-route layout flags: whether the page shows the navigation bar, the fixed footer and the background image. */
export interface RouteFlags {
  nav: boolean;
  fixedFooter: boolean;
  backgroundImage: boolean;
}

export interface RouteHandle {
  name: string;
  flags: RouteFlags;
}

export const DEFAULT_FLAGS: RouteFlags = { nav: true, fixedFooter: false, backgroundImage: false };

export interface RouteEntry {
  name: string;
  path: string;
  element?: ReactNode;
  /** Redirect target (replace). */
  redirect?: string;
  flags?: Partial<RouteFlags>;
}

const CARD_PAGE: Partial<RouteFlags> = { fixedFooter: true, backgroundImage: true };
const EVENT_PAGE: Partial<RouteFlags> = { nav: false, backgroundImage: true };

/** Every route of the app, each entry named. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { name: 'bridge', path: '/', element: <BridgePage />, flags: CARD_PAGE },
  { name: 'bridgeRedirect', path: '/bridge', redirect: '/' },
  { name: 'swap', path: '/swap', element: <SwapPage />, flags: CARD_PAGE },
  { name: 'maker', path: '/maker', element: <MakerPage /> },
  { name: 'status', path: '/status', element: <StatusPage /> },
  { name: 'strkairdrop', path: '/strkairdrop', element: <AirdropInfoPage kind="strkairdrop" /> },
  { name: 'taikodrop', path: '/taikodrop', element: <AirdropInfoPage kind="taikodrop" /> },
  { name: 'blastdrop', path: '/blastdrop', element: <AirdropInfoPage kind="blastdrop" /> },
  { name: 'zkairdrop', path: '/zkairdrop', element: <AirdropInfoPage kind="zkairdrop" /> },
  { name: 'layerzeroAirdrop', path: '/layerzero-airdrop', element: <LayerZeroAirdropPage /> },
  { name: 'tracker', path: '/tracker', element: <TrackerPage /> },
  { name: 'scrollmarks', path: '/tracker/scrollmarks', element: <TrackerPage sub="scrollmarks" /> },
  { name: 'scrollAirdrop', path: '/tracker/scroll-airdrop', element: <TrackerPage sub="scroll-airdrop" /> },
  { name: 'lxp', path: '/tracker/lxp', element: <TrackerPage sub="lxp" /> },
  { name: 'soneiumOg', path: '/tracker/soneium-og', element: <TrackerPage sub="soneium-og" /> },
  { name: 'zoraAirdrop', path: '/tracker/zora-airdrop', element: <TrackerPage sub="zora-airdrop" /> },
  { name: 'ecosystem', path: '/ecosystem', element: <EcosystemPage /> },
  { name: 'deploy', path: '/deploy', element: <DeployPage /> },
  { name: 'inscribe', path: '/inscribe', redirect: '/' },
  { name: 'history', path: '/history', element: <HistoryPage /> },
  { name: 'invitepage', path: '/invitepage', element: <InvitePage /> },
  { name: 'developingpage', path: '/developingpage', element: <DevelopingPage /> },
  { name: 'test', path: '/test', element: <TestPage /> },
  { name: 'rewards', path: '/rewards', element: <RewardsPage /> },
  { name: 'rewardsPhase1', path: '/rewards-phase1', element: <RewardsPage /> },
  { name: 'faucet', path: '/faucet', element: <FaucetPage kind="all" /> },
  { name: 'inkFaucet', path: '/Faucet/Ink', element: <FaucetPage kind="ink" /> },
  { name: 'ipFaucet', path: '/Faucet/IP', element: <FaucetPage kind="ip" /> },
  { name: 'monadFaucet', path: '/Faucet/Monad', element: <FaucetPage kind="monad" /> },
  { name: 'query', path: '/query', element: <QueryPage /> },
  { name: 'dapp', path: '/dapp/:name', element: <BridgePage />, flags: CARD_PAGE },
  { name: 'network', path: '/network/:name', element: <BridgePage />, flags: CARD_PAGE },
  { name: 'networkHistory', path: '/network/:name/history', element: <HistoryPage /> },
  { name: 'owlmazing', path: '/owlmazing', element: <EventPage event="owlmazing" />, flags: EVENT_PAGE },
  { name: 'owlympics', path: '/owlympics', element: <EventPage event="owlympics" />, flags: EVENT_PAGE },
  {
    name: 'pool',
    path: '/pool',
    element: (
      <PoolGuard>
        <PoolPage />
      </PoolGuard>
    ),
  },
  { name: 'points', path: '/points', element: <PointsPage /> },
  { name: 'portfolio', path: '/portfolio', element: <PortfolioPage /> },
  { name: 'bobSpice', path: '/drop/bob-spice', element: <BadgePage slug="bob-spice" /> },
  { name: 'soneiumBadge', path: '/soneium-badge', element: <BadgePage slug="soneium-badge" /> },
  { name: 'scrollbadge', path: '/scrollbadge', element: <BadgePage slug="scrollbadge" /> },
  { name: 'terms', path: '/tos', element: <TosPage /> },
  { name: 'docs', path: '/docs', element: <DocsRoute /> },
  { name: 'docsPage', path: '/docs/:page', element: <DocsRoute /> },
  { name: 'confirm', path: '/confirm', element: <ConfirmPage /> },
  { name: 'completed', path: '/completed', element: <CompletedPage /> },
  { name: 'accessRestricted', path: '/access-restricted', element: <AccessRestrictedPage />, flags: { fixedFooter: true } },
  { name: 'notFound', path: '*', element: <NotFoundPage /> },
];

export function toRouteObject(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { name: entry.name, flags: { ...DEFAULT_FLAGS, ...entry.flags } };
  return {
    id: entry.name,
    path: entry.path,
    element: entry.redirect !== undefined ? <Navigate to={entry.redirect} replace /> : entry.element,
    handle,
  };
}

/** Path of a named route (throws for an unknown name, so typos fail fast in tests). */
export function pathOf(name: string): string {
  const entry = ROUTE_TABLE.find((r) => r.name === name);
  if (!entry) throw new Error(`unknown route ${name}`);
  return entry.path;
}
