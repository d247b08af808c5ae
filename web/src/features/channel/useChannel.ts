import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { channelQuery, DEFAULT_CHANNEL } from '@/api/queries';
import type { Channel } from '@/api/types';
import { MAIN_CHANNEL_ID } from '@/lib/config';
import { logger } from '@/lib/logger';
import { useRouteChannel } from './routeChannel';

export interface ChannelInfo {
  channel: Channel;
  isMain: boolean;
  isLoading: boolean;
}

/**
 * The channel for this host name (default: main channel 98675412 until/unless the server answers);
 * a partner route (/dapp/{name}, /network/{name}) chooses its channel over the host's.
 */
export function useChannel(host: string = window.location.hostname): ChannelInfo {
  const q = useQuery(channelQuery(host));
  const routeChannel = useRouteChannel((s) => s.channel);
  useEffect(() => {
    if (q.error) logger.warn('channel lookup failed; using the main channel', q.error);
  }, [q.error]);
  const channel = routeChannel ?? q.data ?? DEFAULT_CHANNEL;
  return { channel, isMain: channel.channel_id === MAIN_CHANNEL_ID, isLoading: !routeChannel && q.isLoading };
}

/** Applies the channel's theme colours as CSS variables on <html>. */
export function useApplyChannelTheme(channel: Channel): void {
  const { primary, accent } = channel.theme;
  useEffect(() => {
    const root = document.documentElement;
    if (primary) root.style.setProperty('--primary', primary);
    if (accent) root.style.setProperty('--accent', accent);
    root.dataset.channel = String(channel.channel_id);
  }, [primary, accent, channel.channel_id]);
}
