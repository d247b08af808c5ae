import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/appConfig';
import type { Chain } from '@/api/types';
import { OfferLink } from '@/features/network-list/OfferLink';
import type { Offer } from '@/features/network-list/bridgeOffer';
import { unavailableText } from '@/features/network-list/unavailableText';
import { deployAvailability } from './networks';

interface Props {
  chainId: number;
  name: string;
  /** The chain list; undefined while it loads (nothing known yet: the link is offered). */
  chains: readonly Chain[] | undefined;
  keepLabel?: boolean;
  children: ReactNode;
}

/** Whether /deploy lists `chainId`, by the page's own rule; a network the loaded list lacks cannot be deployed to. */
export function useDeployOffer(chainId: number, name: string, chains: readonly Chain[] | undefined): Offer {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  if (!chains) return { offered: true };
  const chain = chains.find((c) => c.chain_id === chainId);
  const availability = chain ? deployAvailability(chain, config) : ({ offered: false, reason: 'notDeployable' } as const);
  if (availability.offered) return { offered: true };
  return { offered: false, chainId, reason: availability.reason, text: unavailableText(t, 'deploy', availability.reason, name) };
}

/**
 * A link to /deploy for a task on one network (a badge's or a campaign's "Deploy on X"): a link
 * only when the deploy page lists X; otherwise the reason in its place.
 */
export function DeployToLink({ chainId, name, chains, keepLabel, children }: Props) {
  const offer = useDeployOffer(chainId, name, chains);
  return (
    <OfferLink offer={offer} to="/deploy" reasonTestId={`deploy-to-reason-${chainId}`} keepLabel={keepLabel}>
      {children}
    </OfferLink>
  );
}
