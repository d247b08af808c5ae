import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAppConfig, type AppConfig } from '@/api/appConfig';
import type { Chain } from '@/api/types';
import { checkPresets } from '@/features/bridge/presets';
import { networkAvailability, type UnavailableReason } from './availability';
import { unavailableText } from './unavailableText';

/** A network a link or button names: its id, its name as the page says it, and its flags when the list gave them. */
export interface NetworkRefName {
  chainId: number;
  name: string;
  /** From the chain list, when known (a network the list lacks is taken as EVM). */
  flags?: Chain['flags'];
}

/** A network as the chain list names it (its id until the list is loaded). */
export function networkRefOf(chains: readonly Chain[] | undefined, chainId: number): NetworkRefName {
  const chain = chains?.find((c) => c.chain_id === chainId);
  return { chainId, name: chain?.chain_name ?? String(chainId), flags: chain?.flags };
}

/** Whether a way into an action on a network is offered here, and otherwise why, in the user's words. */
export type Offer = { offered: true } | { offered: false; chainId: number; reason: UnavailableReason; text: string };

export const EVM_FLAGS: Chain['flags'] = { evm: true, bitcoin: false, non_evm: false };

/**
 * Whether a link into the bridge with `to` as the destination (and `from` as the source) leads to a
 * route here: the pickers' rule, applied as the bridge card applies it to a link's networks (the
 * source on its own, then the destination from that source), so that what is offered as a link is
 * exactly what the card then keeps. Neither named: nothing to refuse.
 */
export function bridgeOffer(t: TFunction, config: AppConfig | undefined, to?: NetworkRefName, from?: NetworkRefName): Offer {
  const named = new Map([to, from].filter((n): n is NetworkRefName => n !== undefined).map((n) => [n.chainId, n]));
  const judge = (side: 'from' | 'to', chainId: number, other: number | null) =>
    networkAvailability(side, { chain_id: chainId, flags: named.get(chainId)?.flags ?? EVM_FLAGS }, { config, other });
  const [refused] = checkPresets({ from: from?.chainId ?? null, to: to?.chainId ?? null }, judge).refused;
  if (!refused) return { offered: true };
  const name = named.get(refused.chainId)?.name ?? String(refused.chainId);
  const other = refused.side === 'to' ? (from?.name ?? '') : '';
  return { offered: false, chainId: refused.chainId, reason: refused.reason, text: unavailableText(t, refused.side, refused.reason, name, other) };
}

/** `bridgeOffer` with this deployment's app-config, in the user's language. */
export function useBridgeOffer(to?: NetworkRefName, from?: NetworkRefName): Offer {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  return bridgeOffer(t, config, to, from);
}
