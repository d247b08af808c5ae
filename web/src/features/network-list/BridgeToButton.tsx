import { useNavigate } from 'react-router';
import type { Chain } from '@/api/types';
import { useBridgeOffer } from './bridgeOffer';
import './networkList.css';

interface Props {
  chainId: number;
  /** The network's name, as the button says it. */
  name: string;
  label: string;
  /** The network's flags from the list, when known (a network the list lacks is taken as EVM). */
  flags?: Chain['flags'];
  className?: string;
}

/**
 * A "Bridge to X" button (airdrop, ecosystem): it opens the bridge with X as the destination only
 * when a route reaches X here; otherwise it is disabled and says why, instead of leading to a
 * bridge card that refuses the route.
 */
export function BridgeToButton({ chainId, name, label, flags, className = 'btn btn--soft' }: Props) {
  const navigate = useNavigate();
  const availability = useBridgeOffer({ chainId, name, flags });
  const reasonId = `bridge-to-reason-${chainId}`;
  // One button in both states, so that app-config arriving does not swap it under the user's pointer or focus.
  return (
    <span className="bridge-to-offer">
      <button
        type="button"
        className={className}
        data-testid={`bridge-to-button-${chainId}`}
        disabled={!availability.offered}
        aria-describedby={availability.offered ? undefined : reasonId}
        onClick={() => navigate(`/?to=${chainId}`)}
      >
        {label}
      </button>
      {availability.offered ? null : (
        <span id={reasonId} className="muted small" data-testid={reasonId} data-reason={availability.reason}>
          {availability.text}
        </span>
      )}
    </span>
  );
}
