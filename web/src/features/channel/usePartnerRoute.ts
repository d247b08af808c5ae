import { useEffect } from 'react';
import { useAppConfig } from '@/api/appConfig';
import { channelBySlug, useRouteChannel, type ChannelConfig } from './routeChannel';

export interface PartnerRoute {
  /** The channel of the route's {name}; undefined when {name} is none (or the list is not loaded yet). */
  partner: ChannelConfig | undefined;
  /** The channel list (app-config) is still loading: {name} cannot be judged yet. */
  pending: boolean;
}

/** Selects the partner channel of a route's {name} while the page is shown. */
export function usePartnerRoute(name: string | undefined): PartnerRoute {
  const config = useAppConfig();
  const channel = channelBySlug(name, config.data?.channels ?? []);
  useEffect(() => {
    useRouteChannel.getState().setChannel(channel ?? null);
    return () => useRouteChannel.getState().setChannel(null);
  }, [channel]);
  return { partner: channel, pending: name !== undefined && config.isLoading };
}
