import { useCallback, useState } from 'react';
import { switchWalletChain } from '@/wallet/lazyRuntime';

export interface ChainSwitch {
  /** Why the last switch failed ('' when it did not). */
  error: string;
  /** Asks the EVM wallet to move to `chainId`; a refusal lands in `error`, never as a throw. */
  switchTo: (chainId: number) => Promise<void>;
  /** Forgets the last failure (another network was picked). */
  clear: () => void;
}

/** Switching the connected wallet's network for a transaction card, with the card's own error line. */
export function useChainSwitch(): ChainSwitch {
  const [error, setError] = useState('');
  const switchTo = useCallback(async (chainId: number) => {
    setError('');
    try {
      await switchWalletChain(chainId);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, []);
  const clear = useCallback(() => setError(''), []);
  return { error, switchTo, clear };
}
