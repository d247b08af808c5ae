import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { faucetClaimsQueryKey, faucetsQueryKey, postFaucetClaim, type FaucetSlug } from '@/api/faucet';
import { withSession } from '@/features/auth/session';
import { sendErrorMessage } from '@/features/tx/sendError';
import { useWalletStore } from '@/wallet/store';

/** A claim for the connected wallet: signs in first when needed (the server wants that wallet's session). */
export function useFaucetClaim(): { claim: (slug: FaucetSlug) => Promise<void>; busy: boolean; error: string } {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const claim = useCallback(
    async (slug: FaucetSlug) => {
      const address = useWalletStore.getState().address;
      if (!address) return;
      setBusy(true);
      setError('');
      try {
        await withSession(address, () => postFaucetClaim(slug, address));
      } catch (err) {
        setError(sendErrorMessage(err));
      } finally {
        setBusy(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: faucetClaimsQueryKey(address) }),
          queryClient.invalidateQueries({ queryKey: faucetsQueryKey(address) }),
        ]);
      }
    },
    [queryClient],
  );
  return { claim, busy, error };
}
