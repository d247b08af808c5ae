import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import { ROUTE_TABLE, toRouteObject } from './routeTable';

export function appRoutes(): RouteObject[] {
  return [{ element: <AppLayout />, children: ROUTE_TABLE.map(toRouteObject) }];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());

/** For tests: the same routes in memory. */
export const createTestRouter = (initialPath: string) => createMemoryRouter(appRoutes(), { initialEntries: [initialPath] });
