import { QueryClient } from '@tanstack/react-query';
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
