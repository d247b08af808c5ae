/** The programme pages under /tracker (/tracker/scrollmarks, ...), in menu order. */
export const TRACKER_SUBPAGES = ['scrollmarks', 'scroll-airdrop', 'lxp', 'soneium-og', 'zora-airdrop'] as const;
export type TrackerSubpage = (typeof TRACKER_SUBPAGES)[number];

/** Each programme page's network (config/tracker-programs.json): the Bridge button presets it as the destination. */
export const PROGRAM_CHAINS: Record<TrackerSubpage, { chainId: number; name: string }> = {
  scrollmarks: { chainId: 534352, name: 'Scroll' },
  'scroll-airdrop': { chainId: 534352, name: 'Scroll' },
  lxp: { chainId: 59144, name: 'Linea' },
  'soneium-og': { chainId: 1868, name: 'Soneium' },
  'zora-airdrop': { chainId: 7777777, name: 'Zora' },
};

