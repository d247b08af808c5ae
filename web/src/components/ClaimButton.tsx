import { useWalletModal } from '@/wallet/modalStore';

/**
 * A claim card's button: without a wallet it opens the wallet list, when claimable it claims;
 * in any other state it is disabled and says why.
 */
export function ClaimButton({ state, label, testId, onClaim }: { state: string; label: string; testId: string; onClaim: () => void }) {
  const showWallets = useWalletModal((s) => s.show);
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      data-testid={testId}
      disabled={state !== 'connect' && state !== 'claim'}
      onClick={() => (state === 'connect' ? showWallets() : onClaim())}
    >
      {label}
    </button>
  );
}
