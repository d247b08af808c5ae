import type { Chain } from '@/api/types';
import type { Availability, UnavailableReason } from '@/features/network-list/availability';

/** Where the bridge card's networks start from: the address bar, a partner's page and the connected wallet. */

export interface BridgePresets {
  from: number | null;
  to: number | null;
}

/** A chain id from the address bar ('8453'), or null for anything else ('', 'base', '-1', '1.5'). */
export function chainIdParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * `?from=8453&to=42161` names both networks; a partner's page (/network/{slug}, /dapp/{slug}) bridges
 * to the partner's chain unless the address bar names another destination. From and To are never the same.
 */
export function bridgePresets(params: URLSearchParams, partnerChainId?: number | null): BridgePresets {
  const from = chainIdParam(params.get('from'));
  const to = chainIdParam(params.get('to')) ?? partnerChainId ?? null;
  if (from !== null && from === to) return { from, to: null };
  return { from, to };
}

/**
 * The networks an in-app link into the bridge names ('/?to=8453', '/?from=1&to=10': a quest's link),
 * read as the card reads its address bar; null for any other link (another page, another site, or
 * the bridge without a network).
 */
export function bridgeLinkTarget(link: string): BridgePresets | null {
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  const url = new URL(link, 'http://app.invalid');
  if (url.pathname !== '/') return null;
  const presets = bridgePresets(url.searchParams);
  return presets.from === null && presets.to === null ? null : presets;
}

/** A network the address bar named that this deployment cannot bridge: left unchosen, and said why. */
export interface RefusedPreset {
  side: 'from' | 'to';
  chainId: number;
  reason: UnavailableReason;
}

export interface CheckedPresets extends BridgePresets {
  refused: RefusedPreset[];
}

/**
 * The presets an old or shared link gives, kept only where choosing them leads somewhere: `judge`
 * is the network pickers' own rule (the source on its own, then the destination from that source),
 * so a link never preselects a network the picker would show disabled.
 */
export function checkPresets(presets: BridgePresets, judge: (side: 'from' | 'to', chainId: number, other: number | null) => Availability): CheckedPresets {
  const refused: RefusedPreset[] = [];
  let { from, to } = presets;
  if (from !== null) {
    const a = judge('from', from, null);
    if (!a.offered) {
      refused.push({ side: 'from', chainId: from, reason: a.reason });
      from = null;
    }
  }
  if (to !== null) {
    const a = judge('to', to, from);
    if (!a.offered) {
      refused.push({ side: 'to', chainId: to, reason: a.reason });
      to = null;
    }
  }
  return { from, to, refused };
}

/**
 * The From network to take when the user has not chosen one: the connected wallet's chain, when the
 * list has it as an EVM network, it is not already the destination, and this deployment bridges from
 * it (`offered`: a wallet on a network without a route leaves From to the user rather than choosing a
 * route the card must refuse). null = leave From as it is.
 */
export function walletDefaultFrom(
  current: number | null,
  walletChainId: number | null,
  chains: readonly Chain[] | undefined,
  toChainId: number | null,
  offered: (chain: Chain) => boolean = () => true,
): number | null {
  if (current !== null || walletChainId === null || walletChainId === toChainId) return null;
  const chain = chains?.find((c) => c.chain_id === walletChainId);
  return chain && chain.flags?.evm && !chain.disabled && offered(chain) ? walletChainId : null;
}
