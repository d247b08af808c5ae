import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { totalPoints } from '@/api/endpoints';
import { pointsQuery } from '@/api/queries';
import { logger } from '@/lib/logger';
import { useUserAddress } from '@/wallet/store';

export type PointsState = { kind: 'visitor'; total: undefined } | { kind: 'loading'; total: undefined } | { kind: 'failed'; total: undefined } | { kind: 'ok'; total: number };

/** Where the user's total stands: no wallet, on its way, unreadable, or known. */
export function usePointsState(): PointsState {
  const address = useUserAddress();
  const q = useQuery(pointsQuery(address));
  useEffect(() => {
    if (q.error) logger.warn('points load failed', q.error);
  }, [q.error]);
  if (!address) return { kind: 'visitor', total: undefined };
  if (q.data) return { kind: 'ok', total: totalPoints(q.data) };
  if (q.isError) return { kind: 'failed', total: undefined };
  return { kind: 'loading', total: undefined };
}

/** The user's total points, or undefined while unknown (disconnected, loading or failing). */
export function usePointsTotal(): number | undefined {
  return usePointsState().total;
}
