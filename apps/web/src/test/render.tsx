import { useMemo } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { RouteGuard } from '../app/route-guard';
import { buildRouteTable } from '../app/route-table';
import { SessionStoreContext, useSession } from '../lib/auth-store';
import type { SessionStore } from '../lib/auth-store';

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithProviders(ui: ReactNode, { route = '/', store }: { route?: string; store: SessionStore }) {
  return render(
    <SessionStoreContext.Provider value={store}>
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    </SessionStoreContext.Provider>,
  );
}

function TestRoutes() {
  const { routes } = useSession();
  const table = useMemo(() => buildRouteTable(routes), [routes]);
  return useRoutes(table);
}

/** The whole app (guard + route table) at `route`. */
export function renderApp(route: string, store: SessionStore): ReturnType<typeof render> {
  const app: ReactElement = (
    <RouteGuard>
      <TestRoutes />
    </RouteGuard>
  );
  return renderWithProviders(app, { route, store });
}
