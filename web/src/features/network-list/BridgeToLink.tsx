import type { ReactNode } from 'react';
import type { Chain } from '@/api/types';
import { useBridgeOffer, type NetworkRefName } from './bridgeOffer';
import { OfferLink } from './OfferLink';

interface Props {
  chainId: number;
  name: string;
  flags?: Chain['flags'];
  /** The source the link names too (an order page's "Bridge again"): the route between them is what must exist. */
  from?: NetworkRefName;
  keepLabel?: boolean;
  className?: string;
  testId?: string;
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A link into the bridge with X as the destination (a badge's "Bridge to X" task, a quest, "Bridge
 * again"): a link only when a route reaches X here (from `from`, when named), by the same rule as
 * the pickers and the "Bridge to X" buttons; otherwise the reason in its place, so the link never
 * leads to a card that refuses the route.
 */
export function BridgeToLink({ chainId, name, flags, from, children, ...link }: Props) {
  const offer = useBridgeOffer({ chainId, name, flags }, from);
  const to = from ? `/?from=${from.chainId}&to=${chainId}` : `/?to=${chainId}`;
  const reasonId = `bridge-to-reason-${offer.offered ? chainId : offer.chainId}`;
  return (
    <OfferLink offer={offer} to={to} reasonTestId={reasonId} {...link}>
      {children}
    </OfferLink>
  );
}
