import type { NavKey } from '@/api/types';
import { isPoolAllowed } from '@/api/appConfig';

export interface NavItem {
  key: NavKey;
  path: string;
  labelKey: `nav.${NavKey}`;
  hot?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'bridge', path: '/', labelKey: 'nav.bridge' },
  { key: 'swap', path: '/swap', labelKey: 'nav.swap' },
  { key: 'rewards', path: '/rewards', labelKey: 'nav.rewards', hot: true },
  { key: 'deploy', path: '/deploy', labelKey: 'nav.deploy' },
  { key: 'pool', path: '/pool', labelKey: 'nav.pool' },
  { key: 'portfolio', path: '/portfolio', labelKey: 'nav.portfolio' },
];

/** Header nav entries: the channel's nav, with Pool only for connected addresses on the deployment's allow-list. */
export function visibleNavItems(channelNav: readonly NavKey[], address: string, poolAllowList: readonly string[] | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => channelNav.includes(item.key) && (item.key !== 'pool' || isPoolAllowed(address, poolAllowList)));
}

/** Mobile tab bar (More is added by the bar itself). */
export const MOBILE_TABS: readonly NavKey[] = ['bridge', 'swap', 'rewards', 'deploy'];
