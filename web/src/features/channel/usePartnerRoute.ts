import { useEffect } from 'react';
import { channelBySlug, useRouteChannel, type ChannelConfig } from './routeChannel';

/** Selects the partner channel of a route's {name} while the page is shown; undefined when {name} is no channel. */
export function usePartnerRoute(name: string | undefined): ChannelConfig | undefined {
  const channel = channelBySlug(name);
  useEffect(() => {
    useRouteChannel.getState().setChannel(channel ?? null);
    return () => useRouteChannel.getState().setChannel(null);
  }, [channel]);
  return channel;
}
