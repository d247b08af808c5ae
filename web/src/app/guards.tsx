import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isPoolAllowed, useAppConfig } from '@/api/appConfig';
import { useWalletStore } from '@/wallet/store';

/** /pool: only the deployment's allow-listed addresses (lower-case compare); everyone else goes to /. */
export function PoolGuard({ children }: { children: ReactNode }) {
  const address = useWalletStore((s) => s.address);
  const status = useWalletStore((s) => s.status);
  const config = useAppConfig();
  // The allow-list is the deployment's (app-config): wait for it rather than send a listed address away.
  if (status === 'connecting' || config.isLoading) return null;
  if (!isPoolAllowed(address, config.data?.pool_allow_list)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
