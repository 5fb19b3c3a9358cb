import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppRoot } from '../app/app';
import { AppProviders, createQueryClient } from '../app/providers';
import { UnsavedChangesGuard } from '../app/unsaved-changes-guard';
import { SessionStoreContext } from '../lib/auth-store';
import type { SessionStore } from '../lib/auth-store';

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` inside the providers and a memory data router (as the app's) at `route`. */
export function renderWithProviders(ui: ReactNode, { route = '/', store }: { route?: string; store: SessionStore }) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <UnsavedChangesGuard />
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <SessionStoreContext.Provider value={store}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </SessionStoreContext.Provider>,
  );
  return { ...result, router };
}

/** The whole app (guard + route table) at `route`. */
export function renderApp(route: string, store: SessionStore) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <AppRoot />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <SessionStoreContext.Provider value={store}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </SessionStoreContext.Provider>,
  );
  return { ...result, router };
}
