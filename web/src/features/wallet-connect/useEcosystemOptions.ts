import { useEffect, useState } from 'react';
import { logger } from '@/lib/logger';
import type { WalletOption } from '@/wallet/ecosystems/types';

export type EcosystemOptionsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; options: WalletOption[] };

/**
 * The non-EVM wallet options of every adapter, loaded lazily (the adapters' chunks are fetched when
 * the modal first shows these groups) and kept current when a wallet registers later.
 */
export function useEcosystemOptions(enabled: boolean): EcosystemOptionsState {
  const [state, setState] = useState<EcosystemOptionsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const offs: (() => void)[] = [];
    void import('@/wallet/ecosystems/registry')
      .then(({ loadAdapters }) => loadAdapters())
      .then((adapters) => {
        if (!live) return;
        const refresh = (): void => setState({ status: 'ready', options: adapters.flatMap((a) => a.options()) });
        for (const a of adapters) offs.push(a.subscribe(refresh));
        refresh();
      })
      .catch((err: unknown) => {
        logger.warn('wallet adapters failed to load', err);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
      for (const off of offs) off();
    };
  }, [enabled]);
  return state;
}
