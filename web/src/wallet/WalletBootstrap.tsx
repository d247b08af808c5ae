import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chainsQuery } from '@/api/queries';
import { loadWalletRuntime } from './lazyRuntime';

/** Builds the wagmi config from the server's chain list and schedules the auto-reconnect. Renders nothing. */
export function WalletBootstrap() {
  const { data } = useQuery(chainsQuery());
  useEffect(() => {
    if (!data) return undefined;
    let uninstall: (() => void) | undefined;
    let unmounted = false;
    void loadWalletRuntime().then((runtime) => {
      if (!unmounted) uninstall = runtime.installWalletRuntime(data);
    });
    return () => {
      unmounted = true;
      uninstall?.();
    };
  }, [data]);
  return null;
}
