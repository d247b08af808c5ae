import { create } from 'zustand';
import type { AppChannel } from '@/api/appConfig';

/**
 * Partner channel bridges are also reached by path: /dapp/{name}, /network/{name} and
 * /network/{name}/history choose the channel whose slug (or name) is {name}. The channel list is
 * the deployment's config_dir/channels.json, served by GET app-config (the same file the server's
 * getChannelIDByDomainName reads).
 */

/** chain_id: the partner's own network, which its pages bridge to. */
export type ChannelConfig = AppChannel;

/** The channel named by a route's {name} (slug or name, case-insensitive), or undefined. */
export function channelBySlug(name: string | undefined, channels: readonly ChannelConfig[]): ChannelConfig | undefined {
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
