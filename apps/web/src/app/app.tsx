import { useMemo } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { useSession } from '../lib/auth-store';
import { AppProviders } from './providers';
import { RouteGuard } from './route-guard';
import { buildRouteTable } from './route-table';

function AppRoutes() {
  const { routes } = useSession();
  const table = useMemo(() => buildRouteTable(routes), [routes]);
  return useRoutes(table);
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RouteGuard>
          <AppRoutes />
        </RouteGuard>
      </BrowserRouter>
    </AppProviders>
  );
}
