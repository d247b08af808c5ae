import { useEffect } from 'react';
import { appBus } from '@/lib/eventBus';
import { logger } from '@/lib/logger';
import { useWalletModal } from './modalStore';
import { disconnectWallet } from './lazyRuntime';

/** On 'quit-wallet' (no client able to switch chains): disconnect and open the wallet list again. */
export function useQuitWalletListener(): void {
  useEffect(
    () =>
      appBus.on('quit-wallet', ({ reason }) => {
        logger.warn('quit-wallet', reason);
        void disconnectWallet();
        useWalletModal.getState().show();
      }),
    [],
  );
}
