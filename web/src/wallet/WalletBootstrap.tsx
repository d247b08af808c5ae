import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chainsQuery } from '@/api/queries';
import { logger } from '@/lib/logger';
import { watchForWallet } from './detect';
import { useEcosystemsStore } from './ecosystems/store';
import { loadWalletRuntime, requestWalletRuntime, useWalletRuntimeDemand } from './lazyRuntime';
import { useWalletModal } from './modalStore';
import { AUTO_RECONNECT_DELAY_MS, RECONNECT_GIVE_UP_MS, settleReconnect } from './reconnect';
import { shouldAutoReconnect, useWalletStore } from './store';

/**
 * Asks for the wallet runtime when the page needs it: a remembered EVM wallet, a wallet in the page
 * or the wallet list opened. A visitor without any of these never downloads wagmi and viem.
 */
function useWalletRuntimeTriggers(): void {
  const modalOpen = useWalletModal((s) => s.open);
  useEffect(() => {
    if (modalOpen) requestWalletRuntime();
  }, [modalOpen]);
  useEffect(() => {
    if (shouldAutoReconnect(useWalletStore.getState())) {
      requestWalletRuntime();
      return undefined;
    }
    return watchForWallet(requestWalletRuntime);
  }, []);
}

/** Reconnects each remembered non-EVM wallet about 3 s after load; its adapters' chunks load only then. */
function useEcosystemsAutoReconnect(): void {
  useEffect(() => {
    if (Object.keys(useEcosystemsStore.getState().remembered).length === 0) return undefined;
    const timer = setTimeout(() => {
      void import('./ecosystems/registry')
        .then(({ autoReconnectEcosystems }) => autoReconnectEcosystems())
        .catch((err: unknown) => logger.warn('non-EVM auto-reconnect failed', err))
        .finally(() => settleReconnect('ecosystems'));
    }, AUTO_RECONNECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** The header's "Reconnecting…" ends even when an attempt never answers or never starts. */
function useReconnectGiveUp(chainsFailed: boolean): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      settleReconnect('evm');
      settleReconnect('ecosystems');
    }, RECONNECT_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    // Without the chain list the EVM wallet cannot be reconnected.
    if (chainsFailed) settleReconnect('evm');
  }, [chainsFailed]);
}

/**
 * Loads the wallet runtime when it is wanted, builds the wagmi config from the server's chain list
 * (./runtime, which schedules the EVM wallet's auto-reconnect) and reconnects the remembered non-EVM
 * wallets. Renders nothing.
 */
export function WalletBootstrap() {
  const { data, isError } = useQuery(chainsQuery());
  const wanted = useWalletRuntimeDemand((s) => s.wanted);
  useWalletRuntimeTriggers();
  useEcosystemsAutoReconnect();
  useReconnectGiveUp(isError && !data);
  useEffect(() => {
    if (!data || !wanted) return undefined;
    let uninstall: (() => void) | undefined;
    let unmounted = false;
    loadWalletRuntime().then(
      (runtime) => {
        if (!unmounted) uninstall = runtime.installWalletRuntime(data);
      },
      (err: unknown) => {
        logger.warn('the wallet runtime did not load', err);
        settleReconnect('evm');
      },
    );
    return () => {
      unmounted = true;
      uninstall?.();
    };
  }, [data, wanted]);
  return null;
}
