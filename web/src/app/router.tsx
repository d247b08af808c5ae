import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { AppLayout } from './shell/AppLayout';
import { ROUTE_TABLE, toRouteObject } from './routeTable';

/**
 * /embed/bridge: the bridge card alone (no header, footer or navigation) for the widget's iframe;
 * its own chunk, so the first load of / does not grow.
 */
const embedRoute: RouteObject = {
  id: 'embedBridge',
  path: '/embed/bridge',
  lazy: async () => ({ Component: (await import('@/features/widget/EmbedBridgePage')).default }),
  HydrateFallback: Spinner,
};

export function appRoutes(): RouteObject[] {
  return [embedRoute, { element: <AppLayout />, children: ROUTE_TABLE.map(toRouteObject) }];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());

/** For tests: the same routes in memory. */
export const createTestRouter = (initialPath: string) => createMemoryRouter(appRoutes(), { initialEntries: [initialPath] });
