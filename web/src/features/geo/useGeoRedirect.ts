import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ipInfoQuery } from '@/api/queries';
import { isBlockedCountry } from '@/lib/config';
import { logger } from '@/lib/logger';

export const ACCESS_RESTRICTED_PATH = '/access-restricted';

/**
 * Visitors from blocked countries (CU, IR, KP, SY, RU, CN) are sent to /access-restricted;
 * an ip-info failure is logged and does not block.
 */
export function useGeoRedirect(): void {
  const { data, error } = useQuery(ipInfoQuery());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const blocked = isBlockedCountry(data?.country_code);

  useEffect(() => {
    if (error) logger.warn('ip-info failed (not blocking)', error);
  }, [error]);

  useEffect(() => {
    if (blocked && pathname !== ACCESS_RESTRICTED_PATH) navigate(ACCESS_RESTRICTED_PATH, { replace: true });
  }, [blocked, pathname, navigate]);
}
