import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '@/api/client';
import { currentUserId } from '@/wallet/store';
import { WalletBootstrap } from '@/wallet/WalletBootstrap';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

configureApiClient({ getUserId: currentUserId });

type AppRouter = ReturnType<typeof createAppRouter>;

/** Providers + router. Tests pass their own router and query client. */
export function App({ router, queryClient }: { router?: AppRouter; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <QueryClientProvider client={client}>
      <WalletBootstrap />
      <RouterProvider router={appRouter} />
    </QueryClientProvider>
  );
}
