import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { encodeFunctionData, parseAbi } from 'viem';
import { badgeQueryKey, getBadgeGrant, type BadgeSlug } from '@/api/badges';
import { sendErrorMessage } from '@/features/tx/sendError';
import { switchWalletChain } from '@/wallet/lazyRuntime';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';

type Hex = `0x${string}`;

const CLAIM_ABI = parseAbi(['function claim(uint256 badgeId, bytes signature) returns (uint256 tokenId)']);

export type ClaimPhase = 'idle' | 'granting' | 'switching' | 'signing' | 'mining';

/** Claim: perch's grant (every task checked server-side) → the badge's chain → PerchBadge.claim. */
export function useClaimBadge(slug: BadgeSlug): { claim: () => Promise<void>; phase: ClaimPhase; error: string } {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ClaimPhase>('idle');
  const [error, setError] = useState('');
  const claim = useCallback(async () => {
    const config = useWalletRuntime.getState().config;
    const account = useWalletStore.getState().address as Hex;
    if (!config || !account) return;
    setError('');
    try {
      setPhase('granting');
      const grant = await getBadgeGrant(slug, account);
      setPhase('switching');
      await switchWalletChain(grant.chain_id);
      setPhase('signing');
      const { sendTransaction, waitForTransactionReceipt } = await import('wagmi/actions');
      const data = encodeFunctionData({ abi: CLAIM_ABI, functionName: 'claim', args: [BigInt(grant.badge_id), grant.signature as Hex] });
      const hash = await sendTransaction(config, { account, chainId: grant.chain_id, to: grant.contract as Hex, data });
      setPhase('mining');
      const receipt = await waitForTransactionReceipt(config, { hash, chainId: grant.chain_id });
      if (receipt.status !== 'success') throw new Error('the claim transaction reverted');
    } catch (err) {
      setError(sendErrorMessage(err));
    } finally {
      setPhase('idle');
      await queryClient.invalidateQueries({ queryKey: badgeQueryKey(slug, account) });
    }
  }, [queryClient, slug]);
  return { claim, phase, error };
}
