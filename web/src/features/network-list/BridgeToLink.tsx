import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '@/api/appConfig';
import type { Chain } from '@/api/types';
import { networkAvailability } from './availability';
import { unavailableText } from './unavailableText';

const EVM_FLAGS: Chain['flags'] = { evm: true, bitcoin: false, non_evm: false };

/**
 * A link into the bridge with X as the destination (a badge's "Bridge to X" task): a link only when
 * a route reaches X here, by the same rule as the pickers and the "Bridge to X" buttons; otherwise
 * the reason in its place, so the task never leads to a card that refuses the route.
 */
export function BridgeToLink({ chainId, name, flags = EVM_FLAGS, children }: { chainId: number; name: string; flags?: Chain['flags']; children: ReactNode }) {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  const availability = networkAvailability('to', { chain_id: chainId, flags }, { config });
  if (availability.offered) return <Link to={`/?to=${chainId}`}>{children}</Link>;
  return (
    <span className="muted small" data-testid={`bridge-to-reason-${chainId}`} data-reason={availability.reason}>
      {unavailableText(t, 'to', availability.reason, name)}
    </span>
  );
}
