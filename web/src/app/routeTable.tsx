import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AirdropInfoPage, LayerZeroAirdropPage } from '@/pages/AirdropPage';
import { DocsRoute } from '@/features/docs/DocsRoute';
import BridgePage from '@/pages/BridgePage';
import FaucetPage from '@/pages/FaucetPage';
import HistoryPage from '@/pages/HistoryPage';
import PointsPage from '@/pages/PointsPage';
import PortfolioPage from '@/pages/PortfolioPage';
import RewardsPage from '@/pages/RewardsPage';
import {
  AccessRestrictedPage,
  BobSpicePage,
  CompletedPage,
  ConfirmPage,
  DeployPage,
  DevelopingPage,
  EcosystemPage,
  EventPage,
  InvitePage,
  MakerPage,
  NotFoundPage,
  PoolPage,
  QueryPage,
  ScrollBadgePage,
  SoneiumBadgePage,
  TestPage,
  TosPage,
} from '@/pages/SimplePages';
import SwapPage from '@/pages/SwapPage';
import TrackerPage from '@/pages/TrackerPage';
import { PoolGuard } from './guards';

/** Per-route layout flags (spec §2: navigation bar, fixed footer, background image). */
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

/** The full route table (spec §2), every entry named. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { name: 'bridge', path: '/', element: <BridgePage />, flags: CARD_PAGE },
  { name: 'bridgeRedirect', path: '/bridge', redirect: '/' },
  { name: 'swap', path: '/swap', element: <SwapPage />, flags: CARD_PAGE },
  { name: 'maker', path: '/maker', element: <MakerPage /> },
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
  { name: 'bobSpice', path: '/drop/bob-spice', element: <BobSpicePage /> },
  { name: 'soneiumBadge', path: '/soneium-badge', element: <SoneiumBadgePage /> },
  { name: 'scrollbadge', path: '/scrollbadge', element: <ScrollBadgePage /> },
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
