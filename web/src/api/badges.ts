import { request } from './client';

export type BadgeSlug = 'soneium-badge' | 'bob-spice' | 'scrollbadge';

export interface BadgeStatus {
  slug: BadgeSlug;
  badge_id: number;
  chain_id: number;
  contract: string;
  tasks: { kind: 'bridge_to' | 'check_in' | 'deploy'; chain_id: number; done: boolean }[];
  all_done: boolean;
  claimable: boolean;
  claimed: boolean;
}

export interface BadgeGrant {
  badge_id: number;
  chain_id: number;
  contract: string;
  signature: string;
}

export function getBadge(slug: BadgeSlug, address: string, signal?: AbortSignal): Promise<BadgeStatus> {
  return request<BadgeStatus>(`badge_api/v1/badges/${slug}`, { query: { address }, signal });
}

export function getBadgeGrant(slug: BadgeSlug, address: string): Promise<BadgeGrant> {
  return request<BadgeGrant>(`badge_api/v1/badges/${slug}/grant`, { method: 'POST', body: { address } });
}

export const badgeQueryKey = (slug: BadgeSlug, address: string) => ['badge', slug, address.toLowerCase()] as const;
