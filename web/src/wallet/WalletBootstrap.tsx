import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chainsQuery } from '@/api/queries';
import { installWalletRuntime } from './runtime';

/** Builds the wagmi config from the server's chain list and schedules the auto-reconnect. Renders nothing. */
export function WalletBootstrap() {
  const { data } = useQuery(chainsQuery());
  useEffect(() => {
    if (!data) return undefined;
    return installWalletRuntime(data);
  }, [data]);
  return null;
}
