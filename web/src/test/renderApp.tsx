import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { App } from '@/app/App';
import { createTestRouter } from '@/app/router';

/** Renders the whole app (real routes, layout and providers) at `path`. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createTestRouter(path);
  const utils = render(<App router={router} queryClient={queryClient} />);
  return { ...utils, router, queryClient };
}

/** Renders one component with a fresh query client (no retries) inside a memory router. */
export function renderInRouter(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
