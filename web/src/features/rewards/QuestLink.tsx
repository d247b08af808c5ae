import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { chainsQuery } from '@/api/queries';
import { bridgeLinkTarget } from '@/features/bridge/presets';
import { networkRefOf, useBridgeOffer, type Offer } from '@/features/network-list/bridgeOffer';
import { OfferLink } from '@/features/network-list/OfferLink';

/** A link inside this app ('/rewards', '/?to=8453'), not another site. */
export const isInAppLink = (link: string): boolean => link.startsWith('/') && !link.startsWith('//');

/**
 * Whether a quest's link leads somewhere here: a link into the bridge (`/?to=X`) only when a route
 * reaches X, by the pickers' rule; any other link is what it is.
 */
export function useQuestOffer(link: string): Offer {
  const chains = useQuery(chainsQuery()).data;
  const target = bridgeLinkTarget(link);
  const ref = (id: number | null | undefined) => (id === null || id === undefined ? undefined : networkRefOf(chains, id));
  return useBridgeOffer(ref(target?.to), ref(target?.from));
}

/**
 * A quest's title as a link to the quest (the activity popup): in the app through the router, another
 * site in a new tab; a link into the bridge that has no route here keeps the title and says why instead.
 */
export function QuestLink({ link, index, onNavigate, children }: { link: string; index: number; onNavigate: () => void; children: ReactNode }) {
  const offer = useQuestOffer(link);
  if (!link) return <>{children}</>;
  if (!isInAppLink(link)) {
    return (
      <a href={link} target="_blank" rel="noreferrer">
        {children}
      </a>
    );
  }
  return (
    <OfferLink offer={offer} to={link} reasonTestId={`quest-reason-${index}`} keepLabel onClick={onNavigate}>
      {children}
    </OfferLink>
  );
}
