import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Offer } from './bridgeOffer';

interface Props {
  offer: Offer;
  to: string;
  /** The reason's test id (`bridge-to-reason-<id>`, `deploy-to-reason-<id>`...). */
  reasonTestId: string;
  /** Keep the link's text beside the reason: where the text names the task itself (a quest, a campaign tier). */
  keepLabel?: boolean;
  className?: string;
  testId?: string;
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A link to where an action on a network happens (bridging to it, deploying on it) when this
 * deployment can do it there; otherwise the reason in its place, so that nothing leads to a page
 * that then refuses what the user came to do.
 */
export function OfferLink({ offer, to, reasonTestId, keepLabel = false, className, testId, onClick, children }: Props) {
  if (offer.offered) {
    return (
      <Link to={to} className={className} data-testid={testId} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <>
      {keepLabel ? <span>{children}</span> : null}
      <span className="muted small" data-testid={reasonTestId} data-reason={offer.reason}>
        {offer.text}
      </span>
    </>
  );
}
