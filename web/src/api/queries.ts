import { queryOptions } from '@tanstack/react-query';
import { MAIN_CHANNEL_ID } from '@/lib/config';
import { getAllChains, getAllExchanges, getAllTokens, getChannelByDomain, getEcosystem, getIpInfo, getPoints, getPointsEvent } from './endpoints';
import type { Channel } from './types';
import { NAV_KEYS } from './types';

/** React Query option factories: one place for keys, stale times and retries. */

/** Used until (or when) the channel lookup answers. */
export const DEFAULT_CHANNEL: Channel = {
  channel_id: MAIN_CHANNEL_ID,
  name: 'Perch',
  slug: 'perch',
  domains: [],
  nav: [...NAV_KEYS],
  theme: { primary: '#7c5cff' },
  wallet_groups: ['evm', 'solana', 'non_evm'],
  powered_by: false,
};

export const channelQuery = (host: string) =>
  queryOptions({
    queryKey: ['channel', host],
    queryFn: ({ signal }) => getChannelByDomain(host, signal),
    staleTime: Infinity,
    retry: 1,
  });

export const ipInfoQuery = () =>
  queryOptions({
    queryKey: ['ip-info'],
    queryFn: ({ signal }) => getIpInfo(signal),
    staleTime: Infinity,
    retry: false,
  });

export const chainsQuery = () =>
  queryOptions({ queryKey: ['chains'], queryFn: ({ signal }) => getAllChains(signal), staleTime: 5 * 60_000 });

export const ecosystemQuery = () =>
  queryOptions({ queryKey: ['ecosystem'], queryFn: ({ signal }) => getEcosystem(signal), staleTime: 5 * 60_000 });

export const pointsEventQuery = (name: string) =>
  queryOptions({ queryKey: ['points-event', name], queryFn: ({ signal }) => getPointsEvent(name, signal), staleTime: 60_000 });

export const tokensQuery = () =>
  queryOptions({ queryKey: ['tokens'], queryFn: ({ signal }) => getAllTokens(signal), staleTime: 5 * 60_000 });

export const exchangesQuery = () =>
  queryOptions({ queryKey: ['exchanges'], queryFn: ({ signal }) => getAllExchanges(signal), staleTime: 5 * 60_000 });

export const pointsQuery = (user: string) =>
  queryOptions({
    queryKey: ['points', user.toLowerCase()],
    queryFn: ({ signal }) => getPoints(user, signal),
    enabled: user !== '',
    retry: false,
    refetchInterval: 60_000,
  });
