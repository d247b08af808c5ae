import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chainsQuery } from '@/api/queries';
import { logger } from '@/lib/logger';
import { useEcosystemsStore } from './ecosystems/store';
import { loadWalletRuntime } from './lazyRuntime';
import { AUTO_RECONNECT_DELAY_MS } from './reconnect';

/**
 * Builds the wagmi config from the server's chain list and schedules the auto-reconnect of the EVM
 * wallet (./runtime) and of each remembered non-EVM wallet (after about 3 s, spec §4). Renders nothing.
 */
export function WalletBootstrap() {
  const { data } = useQuery(chainsQuery());
  useEffect(() => {
    // The adapters' chunks load only when a non-EVM wallet is remembered.
    if (Object.keys(useEcosystemsStore.getState().remembered).length === 0) return undefined;
    const timer = setTimeout(() => {
      void import('./ecosystems/registry')
        .then(({ autoReconnectEcosystems }) => autoReconnectEcosystems())
        .catch((err: unknown) => logger.warn('non-EVM auto-reconnect failed', err));
    }, AUTO_RECONNECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
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
