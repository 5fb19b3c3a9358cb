import { useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider, useRoutes } from 'react-router';
import { useSession } from '../lib/auth-store';
import { AppProviders } from './providers';
import { RouteGuard } from './route-guard';
import { buildRouteTable } from './route-table';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

function AppRoutes() {
  const { routes } = useSession();
  const table = useMemo(() => buildRouteTable(routes), [routes]);
  return useRoutes(table);
}

/**
 * The router's single splat route renders the table built from the user's menu (it changes
 * at login), while a data router gives us navigation blocking for unsaved edits.
 */
export function AppRoot() {
  return (
    <>
      <UnsavedChangesGuard />
      <RouteGuard>
        <AppRoutes />
      </RouteGuard>
    </>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AppRoot /> }]));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
