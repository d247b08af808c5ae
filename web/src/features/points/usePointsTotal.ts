import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { totalPoints } from '@/api/endpoints';
import { pointsQuery } from '@/api/queries';
import { logger } from '@/lib/logger';
import { useUserAddress } from '@/wallet/store';

/** The user's total points, or undefined while unknown (disconnected, loading or failing). */
export function usePointsTotal(): number | undefined {
  const address = useUserAddress();
  const q = useQuery(pointsQuery(address));
  useEffect(() => {
    if (q.error) logger.warn('points load failed', q.error);
  }, [q.error]);
  return q.data ? totalPoints(q.data) : undefined;
}
