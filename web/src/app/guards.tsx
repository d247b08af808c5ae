import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isPoolAllowed } from '@/lib/config';
import { useWalletStore } from '@/wallet/store';

/** /pool: only allow-listed addresses (lower-case compare); everyone else goes to /. */
export function PoolGuard({ children }: { children: ReactNode }) {
  const address = useWalletStore((s) => s.address);
  const status = useWalletStore((s) => s.status);
  if (status === 'connecting') return null;
  if (!isPoolAllowed(address)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
