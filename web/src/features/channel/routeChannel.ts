import { create } from 'zustand';
import channelsConfig from '../../../../config/channels.json';
import type { Channel } from '@/api/types';

/**
 * Partner channel bridges are also reached by path: /dapp/{name}, /network/{name} and
 * /network/{name}/history choose the channel whose slug (or name) is {name}. The channel list is
 * config/channels.json, bundled at build time (one source of truth with the server's
 * getChannelIDByDomainName).
 */

/** chain_id: the partner's own network, which its pages bridge to. */
export type ChannelConfig = Channel & { default_token?: string; label?: string; chain_id?: number };

export const CHANNELS: readonly ChannelConfig[] = (channelsConfig as { channels: ChannelConfig[] }).channels;

/** The channel named by a route's {name} (slug or name, case-insensitive), or undefined. */
export function channelBySlug(name: string | undefined, channels: readonly ChannelConfig[] = CHANNELS): ChannelConfig | undefined {
  if (!name) return undefined;
  const n = name.trim().toLowerCase();
  return channels.find((c) => c.slug.toLowerCase() === n || c.name.toLowerCase() === n);
}

interface RouteChannelState {
  /** The channel chosen by the current route, or null (then the domain decides). */
  channel: ChannelConfig | null;
  setChannel: (channel: ChannelConfig | null) => void;
}

export const useRouteChannel = create<RouteChannelState>()((set) => ({
  channel: null,
  setChannel: (channel) => set({ channel }),
}));
